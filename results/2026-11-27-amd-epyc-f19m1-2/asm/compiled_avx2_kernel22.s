.intel_syntax noprefix
vmovq  xmm7,rsi
vpxor  xmm1,xmm1,xmm1
vpbroadcastq ymm0,xmm7
vpand  ymm6,ymm0,YMMWORD PTR [rdi+0x60]
vpand  ymm5,ymm0,YMMWORD PTR [rdi+0x80]
vpand  ymm4,ymm0,YMMWORD PTR [rdi+0x20]
vpand  ymm3,ymm0,YMMWORD PTR [rdi+0x40]
vpand  ymm2,ymm0,YMMWORD PTR [rdi]
vpand  ymm0,ymm0,YMMWORD PTR [rdi+0xa0]
vpcmpeqq ymm6,ymm6,ymm1
vpcmpeqq ymm5,ymm5,ymm1
vpcmpeqq ymm4,ymm4,ymm1
vmovmskpd eax,ymm6
vmovmskpd edx,ymm5
vpcmpeqq ymm3,ymm3,ymm1
shl    rdx,0x10
shl    rax,0xc
vmovmskpd ecx,ymm3
vpcmpeqq ymm0,ymm0,ymm1
or     rax,rdx
vmovmskpd edx,ymm4
shl    rcx,0x8
vpcmpeqq ymm2,ymm2,ymm1
shl    rdx,0x4
or     rdx,rcx
vmovmskpd ecx,ymm2
or     rax,rdx
vmovmskpd edx,ymm0
shl    rdx,0x14
or     rdx,rcx
or     rax,rdx
not    rax
and    eax,0x3fffff
vzeroupper
