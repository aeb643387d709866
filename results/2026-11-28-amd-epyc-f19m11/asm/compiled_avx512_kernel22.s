.intel_syntax noprefix
vmovdqa64 zmm3,ZMMWORD PTR [rdi+0x40]
vmovdqa64 zmm2,ZMMWORD PTR [rdi+0x80]
vpbroadcastq zmm0,rsi
vmovdqa64 zmm1,ZMMWORD PTR [rdi]
vptestmq k0,zmm3,zmm0
vptestmq k1,zmm1,zmm0
kmovq  rax,k0
vptestmq k0,zmm2,zmm0
shl    rax,0x8
kmovq  rdx,k0
shl    rdx,0x10
or     rax,rdx
kmovq  rdx,k1
or     rax,rdx
vzeroupper
