.intel_syntax noprefix
vpbroadcastq zmm0,rsi
vptestmq k1,zmm0,ZMMWORD PTR [rdi]
vptestmq k2,zmm0,ZMMWORD PTR [rdi+0x40]
vptestmq k3,zmm0,ZMMWORD PTR [rdi+0x80]
kunpckbw k1,k2,k1
kmovw  eax,k1
kmovw  edx,k3
shl    edx,0x10
or     eax,edx
vzeroupper
