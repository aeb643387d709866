.intel_syntax noprefix
mov    rdx,QWORD PTR [rdi]
and    rdx,rsi
neg    rdx
adc    rax,rax
