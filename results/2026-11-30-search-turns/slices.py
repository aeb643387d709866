# Slice noise of whole searches: python3 slices.py <(xzcat whole-searches-slices.txt.xz)
# Lines "S round position slot engine ticks-per-1024-node-slice..." (a temporary trace of 3fba146)
import sys, statistics as st, math
S={}
for l in open(sys.argv[1]):
    if not l.startswith('S '): continue
    a=l.split()[1:]; k,p,j,i=map(int,a[:4]); S[(k,p,i)]=list(map(int,a[4:]))
K=max(k for k,_,_ in S)+1; P=max(p for _,p,_ in S)+1; n=max(i for _,_,i in S)+1
# normalized log slice time: log(t / median over rounds for same (p,i,s))
X={}
for p in range(P):
  for i in range(n):
    L=len(S[(0,p,i)])
    med=[st.median(S[(k,p,i)][s] for k in range(K)) for s in range(L)]
    for k in range(K): X[(k,p,i)]=[math.log(S[(k,p,i)][s]/med[s]) for s in range(L)]
allx=[x for v in X.values() for x in v]; m=st.mean(allx); var=st.pvariance(allx)
print("slice sd", math.sqrt(var))
for lag in (1,2,4,8,16,32,64,128):
    num=0;cnt=0
    for v in X.values():
        for a in range(len(v)-lag): num+=(v[a]-m)*(v[a+lag]-m); cnt+=1
    print("lag",lag,"slices corr",round(num/cnt/var,3))
# blocks of H slices: sd of block-sum log ratio between engine 0 and 1 if interleaved? estimate sd of block mean
for H in (1,4,8,32):
    b=[]
    for v in X.values():
        for a in range(0,len(v)-H,H): b.append(st.mean(v[a:a+H]))
    print("H",H,"block sd",round(st.pstdev(b),4))
