.intel_syntax noprefix
vpbroadcastq ymm0,rsi
vpand  ymm4,ymm0,YMMWORD PTR [rdi+0x20]
vpand  ymm3,ymm0,YMMWORD PTR [rdi+0x40]
vpxor  xmm1,xmm1,xmm1
vpand  ymm2,ymm0,YMMWORD PTR [rdi]
vpcmpeqq ymm4,ymm4,ymm1
vpcmpeqq ymm3,ymm3,ymm1
vpcmpeqq ymm2,ymm2,ymm1
vmovmskpd eax,ymm4
vmovmskpd edx,ymm3
shl    rdx,0x8
shl    rax,0x4
or     rax,rdx
vmovmskpd edx,ymm2
vpand  ymm2,ymm0,YMMWORD PTR [rdi+0x60]
or     rax,rdx
vpcmpeqq ymm2,ymm2,ymm1
vmovmskpd edx,ymm2
vpand  ymm2,ymm0,YMMWORD PTR [rdi+0x80]
vpand  ymm0,ymm0,YMMWORD PTR [rdi+0xa0]
shl    rdx,0xc
vpcmpeqq ymm2,ymm2,ymm1
vpcmpeqq ymm0,ymm0,ymm1
or     rax,rdx
vmovmskpd edx,ymm2
shl    rdx,0x10
or     rdx,rax
vmovmskpd eax,ymm0
shl    rax,0x14
or     rax,rdx
not    rax
and    eax,0x3fffff
vzeroupper
