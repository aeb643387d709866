.intel_syntax noprefix
vmovq  xmm0,rsi
vpbroadcastq ymm0,xmm0
vpxor  xmm1,xmm1,xmm1
vpand  ymm2,ymm0,YMMWORD PTR [rdi]
vpcmpeqq ymm2,ymm2,ymm1
vmovmskpd eax,ymm2
vpand  ymm2,ymm0,YMMWORD PTR [rdi+0x20]
vpcmpeqq ymm2,ymm2,ymm1
vmovmskpd edx,ymm2
shl    edx,0x4
or     eax,edx
vpand  ymm2,ymm0,YMMWORD PTR [rdi+0x40]
vpcmpeqq ymm2,ymm2,ymm1
vmovmskpd edx,ymm2
shl    edx,0x8
or     eax,edx
vpand  ymm2,ymm0,YMMWORD PTR [rdi+0x60]
vpcmpeqq ymm2,ymm2,ymm1
vmovmskpd edx,ymm2
shl    edx,0xc
or     eax,edx
vpand  ymm2,ymm0,YMMWORD PTR [rdi+0x80]
vpcmpeqq ymm2,ymm2,ymm1
vmovmskpd edx,ymm2
shl    edx,0x10
or     eax,edx
vpand  ymm2,ymm0,YMMWORD PTR [rdi+0xa0]
vpcmpeqq ymm2,ymm2,ymm1
vmovmskpd edx,ymm2
shl    edx,0x14
or     eax,edx
not    eax
and    eax,0x3fffff
vzeroupper
