.intel_syntax noprefix
lea    rax,[rdi+0xa8]
xor    edx,edx
mov    rcx,rsi
and    rcx,QWORD PTR [rax]
setne  cl
movzx  ecx,cl
lea    rdx,[rcx+rdx*2]
mov    rcx,rax
sub    rax,0x8
cmp    rcx,rdi
jne    8d70
mov    rax,rdx
