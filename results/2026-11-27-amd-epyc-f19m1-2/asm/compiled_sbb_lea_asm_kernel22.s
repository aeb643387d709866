.intel_syntax noprefix
mov    rcx,rsi
mov    rdx,rdi
xor    eax,eax
mov    rsi,QWORD PTR [rdi+0xa8]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0xa0]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x98]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x90]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x88]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x80]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x78]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x70]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x68]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x60]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x58]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x50]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x48]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x40]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x38]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x30]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x28]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x20]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x18]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x10]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rsi,QWORD PTR [rdi+0x8]
and    rsi,rcx
neg    rsi
sbb    rsi,rsi
lea    rax,[rsi+rax*2]
mov    rdi,QWORD PTR [rdx]
and    rdi,rcx
neg    rdi
sbb    rdi,rdi
lea    rax,[rdi+rax*2]
neg    rax
