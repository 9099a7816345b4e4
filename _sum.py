import json,sys,collections
p=json.load(open(sys.argv[1]))
nodes={n['id']:n for n in p['nodes']}
self=collections.Counter()
total=0
dt=p.get('timeDeltas',[])
for s,d in zip(p['samples'],dt):
    n=nodes[s]; cf=n['callFrame']
    key=f"{cf['functionName'] or '(anon)'} {cf['url'].split('/')[-1]}:{cf['lineNumber']}"
    self[key]+=d; total+=d
for k,v in self.most_common(40): print(f"{100*v/total:5.1f}% {k}")
