.intel_syntax noprefix
mov    rdx,QWORD PTR [rdi]
and    rdx,rsi
neg    rdx
sbb    rdx,rdx
lea    rax,[rdx+rax*2]
