.intel_syntax noprefix
vpbroadcastq ymm0,rsi
vpand  ymm4,ymm0,YMMWORD PTR [rdi+0x20]
vpand  ymm3,ymm0,YMMWORD PTR [rdi+0x40]
vpxor  xmm1,xmm1,xmm1
vpand  ymm2,ymm0,YMMWORD PTR [rdi]
vpcmpeqq ymm4,ymm4,ymm1
vpcmpeqq ymm3,ymm3,ymm1
vpcmpeqq ymm2,ymm2,ymm1
vmovmskpd edx,ymm4
vmovmskpd ecx,ymm3
shl    rcx,0x8
shl    rdx,0x4
or     rdx,rcx
vmovmskpd ecx,ymm2
vpand  ymm2,ymm0,YMMWORD PTR [rdi+0x60]
or     rdx,rcx
vpcmpeqq ymm2,ymm2,ymm1
vmovmskpd ecx,ymm2
vpand  ymm2,ymm0,YMMWORD PTR [rdi+0x80]
vpand  ymm0,ymm0,YMMWORD PTR [rdi+0xa0]
vpcmpeqq ymm2,ymm2,ymm1
vpcmpeqq ymm0,ymm0,ymm1
shl    rcx,0xc
or     rcx,rdx
vmovmskpd edx,ymm2
shl    rdx,0x10
vmovmskpd eax,ymm0
or     rdx,rcx
shl    rax,0x14
or     rax,rdx
not    rax
and    eax,0x3fffff
vzeroupper
