// VARIANT ORACLE for tests/golden/tothello-no-cascade: copy of /work/shared/bench/ref/tothello.cpp
// (with common.h inlined) doing plain Othello flipping: only runs closed by the placed piece flip;
// flipped pieces are not re-examined, so they never close further runs. Everything else unchanged.
// Hand-written Tothello best move (input: the TopCoder example assignments, case after case).
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

static const int D[8][2] = {{0,1},{1,0},{1,1},{0,-1},{-1,0},{-1,-1},{-1,1},{1,-1}};
static int play(char b[8][8], char me, int r, int c) {
  b[r][c] = me; int q[64], top = 0, flipped = 0; q[top++] = r * 8 + c;
  while (top) {
    int v = q[--top], i0 = v / 8, j0 = v % 8;
    for (auto &d : D) {
      int i = i0 + d[0], j = j0 + d[1], run = 0;
      while (i >= 0 && i < 8 && j >= 0 && j < 8 && b[i][j] != me && b[i][j] != '.') { i += d[0]; j += d[1]; run++; }
      if (!run || i < 0 || i > 7 || j < 0 || j > 7 || b[i][j] != me) continue;
      for (int s = 1; s <= run; s++) { int x = i0 + s * d[0], y = j0 + s * d[1]; b[x][y] = me; flipped++; }  // VARIANT: no cascade (was: also q[top++] = x * 8 + y)
    }
  }
  return flipped;
}
int main() {
  In in; Out out;
  while (true) {
    char b[8][8]; memset(b, '.', sizeof b); int cnt[2] = {0, 0}; char me = 0;
    for (int part = 0; part < 3; part++) {
      // skip to '=' then read a bracketed list or a word
      while (in.buf[in.p] && in.buf[in.p] != '=') in.p++;
      if (!in.buf[in.p]) return 0;
      in.p++; in.ws();
      if (part < 2) {
        in.p++;  // '['
        while (in.buf[in.p] != ']') {
          char x = in.buf[in.p];
          if (x >= 'A' && x <= 'H') { int c = x - 'A', r = in.buf[in.p + 1] - '1'; b[r][c] = part ? 'B' : 'R'; cnt[part]++; in.p += 2; } else in.p++;
        }
        in.p++;
      } else {
        while (in.buf[in.p] == '"' || in.buf[in.p] == ' ') in.p++;
        me = in.buf[in.p] == 'R' ? 'R' : 'B';
        while (in.buf[in.p] && in.buf[in.p] != '\n') in.p++;
      }
    }
    int own = cnt[me == 'B'], best = own;
    for (int r = 0; r < 8; r++) for (int c = 0; c < 8; c++) if (b[r][c] == '.') {
      char t[8][8]; memcpy(t, b, sizeof b); int f = play(t, me, r, c); if (own + 1 + f > best) best = own + 1 + f; }
    out.s += std::to_string(best) + "\n";
  }
}
