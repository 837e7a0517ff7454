// Oracle: Go territory with 8-neighbour adjacency (diagonal points touch too).
// go.cpp from ../shared/bench/ref with the neighbour list extended; common.h inlined.
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
int main() {
  In in; Out out; static int g[21][21], seen[21][21], st[512]; int stamp = 0;
  while (true) {
    int n = in.num(); if (n == 0) return 0;
    int b = in.num(), w = in.num();
    for (int i = 0; i <= n + 1; i++) for (int j = 0; j <= n + 1; j++) g[i][j] = (i == 0 || j == 0 || i > n || j > n) ? 3 : 0;
    for (int k = 0; k < b; k++) { int r = in.num(), c = in.num(); g[r][c] = 1; }
    for (int k = 0; k < w; k++) { int r = in.num(), c = in.num(); g[r][c] = 2; }
    stamp++; long sb = 0, sw = 0;
    for (int i = 1; i <= n; i++) for (int j = 1; j <= n; j++) {
      if (g[i][j] || seen[i][j] == stamp) continue;
      int top = 0, size = 0, touch = 0; st[top++] = i * 21 + j; seen[i][j] = stamp;
      while (top) {
        int v = st[--top], x = v / 21, y = v % 21; size++;
        const int nb[8] = {v - 21, v + 21, v - 1, v + 1, v - 22, v - 20, v + 20, v + 22};
        for (int q : nb) { int a = q / 21, c = q % 21; int s = g[a][c];
          if (s == 0) { if (seen[a][c] != stamp) { seen[a][c] = stamp; st[top++] = q; } }
          else if (s < 3) touch |= s; }
        (void)x; (void)y;
      }
      if (touch == 1) sb += size; else if (touch == 2) sw += size;
    }
    if (sb == sw) out.s += "Draw\n";
    else if (sw > sb) { out.s += "White wins by " + std::to_string(sw - sb) + "\n"; }
    else { out.s += "Black wins by " + std::to_string(sb - sw) + "\n"; }
  }
}
