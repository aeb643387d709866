# A/A and row pairs of one turn-taking run: python3 pairs.py <(xzcat turns-NAME.txt.xz)
# Lines "R round position engine ticks nodes" (engine 1 = A/A); "slice q ticks": mean ticks of a turn's q-th 1,024 nodes
import sys, statistics as st, math
T={}
for l in open(sys.argv[1]):
    if l.startswith('R '):
        k,p,i,t,nd=map(int,l.split()[1:]); T[(k,p,i)]=t/nd
K=max(k for k,_,_ in T)+1; P=max(p for _,p,_ in T)+1; n=max(i for _,_,i in T)+1
for i in (1,):
    print("aa log ratios by round (rows) x position (cols)")
    for k in range(K): print(k, ' '.join(f"{math.log(T[(k,p,i)]/T[(k,p,0)])*100:+5.1f}" for p in range(P)))
lr=[math.log(T[(k,p,1)]/T[(k,p,0)]) for k in range(K) for p in range(P)]
print("sd pair %", st.stdev(lr)*100)
rm=[st.mean(math.log(T[(k,p,1)]/T[(k,p,0)]) for p in range(P)) for k in range(K)]
print("sd of round means %", st.stdev(rm)*100, "expected if indep", st.stdev(lr)*100/math.sqrt(P))
for i in range(1,n):
    lr=[math.log(T[(k,p,i)]/T[(k,p,0)]) for k in range(K) for p in range(P)]
    print(i, "median ratio", round(math.exp(st.median(lr)),4), "gmean", round(math.exp(st.mean(lr)),4), "sd%", round(st.stdev(lr)*100,2), "se%", round(st.stdev(lr)*100/math.sqrt(len(lr)),2))
