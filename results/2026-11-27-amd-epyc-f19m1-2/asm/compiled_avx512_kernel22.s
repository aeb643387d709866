.intel_syntax noprefix
vmovdqa64 zmm3,ZMMWORD PTR [rdi+0x40]
vmovdqa64 zmm1,ZMMWORD PTR [rdi+0x80]
vpbroadcastq zmm0,rsi
vmovdqa64 zmm2,ZMMWORD PTR [rdi]
vptestmq k1,zmm3,zmm0
vptestmq k2,zmm1,zmm0
vptestmq k0,zmm2,zmm0
kmovw  eax,k1
movzx  eax,al
kmovw  edx,k2
movzx  edx,dl
shl    rax,0x8
shl    rdx,0x10
kmovw  ecx,k0
movzx  ecx,cl
or     rax,rdx
or     rax,rcx
vzeroupper
