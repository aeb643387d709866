#include <sys/mman.h>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
static uint8_t* alloc(size_t n){ void* p=mmap(nullptr,n,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0); madvise(p,n,MADV_HUGEPAGE); memset(p,1,n); return (uint8_t*)p;}
int main(int argc,char**argv){
  size_t mb=atoi(argv[1]); int mode=atoi(argv[2]); size_t n=mb<<20; uint8_t* a=alloc(n);
  uint64_t x=88172645463325252ull, sum=0; const int N=20000000;
  auto t0=std::chrono::steady_clock::now();
  for(int i=0;i<N;i++){ x^=x<<13; x^=x>>7; x^=x<<17; uint64_t r=x+sum; size_t off=(r%(n/64))*64;
    sum+=a[off];
    if(mode==1){ size_t off2=((r>>20)%(n/64))*64; sum+=a[off2+ (sum&1)]; }      // second random line elsewhere, dependent
    if(mode==2){ size_t off2=(off&~size_t(4095)) + ((r>>20)&63)*64; sum+=a[off2+(sum&1)]; } // second line same 4K page
  }
  double s=std::chrono::duration<double>(std::chrono::steady_clock::now()-t0).count();
  printf("%zu MB mode %d: %.1f ns/iter (%lu)\n",mb,mode,s*1e9/N,(unsigned long)sum&1);
}
