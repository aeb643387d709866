.intel_syntax noprefix
xor    eax,eax
mov    rdx,QWORD PTR [rdi+0x138]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x130]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x128]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x120]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x118]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x110]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x108]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x100]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xf8]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xf0]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xe8]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xe0]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xd8]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xd0]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xc8]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xc0]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xb8]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xb0]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xa8]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0xa0]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x98]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x90]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x88]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x80]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x78]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x70]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x68]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x60]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x58]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x50]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x48]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x40]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x38]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x30]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x28]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x20]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x18]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x10]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi+0x8]
and    rdx,rsi
neg    rdx
adc    rax,rax
mov    rdx,QWORD PTR [rdi]
and    rdx,rsi
neg    rdx
adc    rax,rax
