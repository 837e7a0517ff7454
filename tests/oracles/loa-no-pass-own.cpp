// VARIANT ORACLE for tests/golden/lines-of-action-no-pass-own: copy of /work/shared/bench/ref/loa.cpp
// (with common.h inlined) where a moving piece may NOT pass over its own pieces. Everything else unchanged.
// Hand-written Lines of Action move enumeration (same I/O as the contest problem).
// Fast whole-input reader and output buffer shared by the hand-written baselines.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
struct In {
  std::vector<char> buf; size_t p = 0;
  In() { char tmp[1 << 16]; size_t n; while ((n = fread(tmp, 1, sizeof tmp, stdin)) > 0) buf.insert(buf.end(), tmp, tmp + n); buf.push_back(0); }
  void ws() { while (buf[p] && (unsigned char)buf[p] <= ' ') p++; }
  bool eof() { ws(); return !buf[p]; }
  char ch() { ws(); return buf[p] ? buf[p++] : 0; }
  long num() { ws(); long v = 0; bool neg = buf[p] == '-'; if (neg) p++; while (buf[p] >= '0' && buf[p] <= '9') v = v * 10 + (buf[p++] - '0'); return neg ? -v : v; }
  std::string tok() { ws(); size_t s = p; while (buf[p] && (unsigned char)buf[p] > ' ') p++; return std::string(&buf[s], p - s); }
};
struct Out {
  std::string s;
  ~Out() { fwrite(s.data(), 1, s.size(), stdout); }
};

#include <algorithm>
int main() {
  In in; Out out; char b[8][8];
  static const int D[8][2] = {{1,0},{-1,0},{0,1},{0,-1},{1,1},{-1,-1},{1,-1},{-1,1}};
  while (true) {
    for (int i = 0; i < 64; i++) { char c = in.ch(); if (!c) return 0; b[i / 8][i % 8] = c; }
    std::string who = in.tok(); if (who.empty()) return 0; char p = who[0];
    int row[8] = {0}, col[8] = {0}, dg[15] = {0}, ad[15] = {0};
    for (int r = 0; r < 8; r++) for (int c = 0; c < 8; c++) if (b[r][c] != '.') { row[r]++; col[c]++; dg[r - c + 7]++; ad[r + c]++; }
    int any = 0;
    for (int r = 0; r < 8; r++) for (int c = 0; c < 8; c++) {
      if (b[r][c] != p) continue;
      char mv[8][6]; int m = 0;
      for (auto &d : D) {
        int k = d[1] == 0 ? col[c] : d[0] == 0 ? row[r] : d[0] == d[1] ? dg[r - c + 7] : ad[r + c];
        int tr = r + k * d[0], tc = c + k * d[1];
        if (tr < 0 || tr > 7 || tc < 0 || tc > 7 || b[tr][tc] == p) continue;
        bool ok = true;
        for (int s = 1; s < k && ok; s++) { char x = b[r + s * d[0]][c + s * d[1]]; ok = x == '.'; }  // VARIANT: may not pass over own pieces (was: x == '.' || x == p)
        if (!ok) continue;
        mv[m][0] = 'A' + r; mv[m][1] = '1' + c; mv[m][2] = '-'; mv[m][3] = 'A' + tr; mv[m][4] = '1' + tc; mv[m][5] = 0; m++;
      }
      int idx[8]; for (int i = 0; i < m; i++) idx[i] = i;
      std::sort(idx, idx + m, [&](int x, int y) { return strcmp(mv[x], mv[y]) < 0; });
      for (int i = 0; i < m; i++) { out.s.append(mv[idx[i]], 5); out.s.push_back('\n'); }
      any += m;
    }
    if (!any) out.s += "No moves are possible\n";
    out.s.push_back('\n');
  }
}
