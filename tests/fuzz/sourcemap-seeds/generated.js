function f(a){return a}const g=function(b){},h=(c)=>c,k=x=>x;class C{m(y){}}
