.intel_syntax noprefix
vpbroadcastq ymm0,rsi
vpand  ymm4,ymm0,YMMWORD PTR [rdi+0x20]
vpand  ymm3,ymm0,YMMWORD PTR [rdi+0x40]
vpxor  xmm1,xmm1,xmm1
vpand  ymm2,ymm0,YMMWORD PTR [rdi]
vpcmpeqq ymm4,ymm4,ymm1
vpcmpeqq ymm3,ymm3,ymm1
vmovmskpd eax,ymm4
vmovmskpd edx,ymm3
vpand  ymm4,ymm0,YMMWORD PTR [rdi+0x60]
vpand  ymm3,ymm0,YMMWORD PTR [rdi+0x80]
vpand  ymm0,ymm0,YMMWORD PTR [rdi+0xa0]
shl    rdx,0x8
shl    rax,0x4
vpcmpeqq ymm2,ymm2,ymm1
or     rax,rdx
vpcmpeqq ymm4,ymm4,ymm1
vpcmpeqq ymm3,ymm3,ymm1
vmovmskpd edx,ymm4
vmovmskpd ecx,ymm3
vpcmpeqq ymm0,ymm0,ymm1
shl    rcx,0x10
shl    rdx,0xc
or     rdx,rcx
vmovmskpd ecx,ymm2
or     rdx,rax
vmovmskpd eax,ymm0
shl    rax,0x14
or     rax,rcx
or     rax,rdx
not    rax
and    eax,0x3fffff
vzeroupper
