// Turkish draughts capture counting, VARIANT: 180-degree turns between captures are allowed.
// Oracle for tests/golden/turkish-draughts-captures-u-turns.
// Copy of ../shared/bench/ref/draughts.cpp with the one rule changed (the check that skipped
// the direction straight back, d == REV[last], is gone); everything else is unchanged: men
// capture left/right/up, kings fly in four directions, promotion on landing on the top row,
// captured pieces leave at once, the start square is empty once white leaves it.
// Memoisation on (square, king, last direction, remaining black pieces); last direction no
// longer affects the result but is kept in the key as in the original.
// Self-contained (the input reader from common.h is inlined). Same input and output format.
// Build: g++ -O2 -o /tmp/draughts-u-turns tests/oracles/draughts-u-turns.cpp
#include <cstdio>
#include <string>
#include <vector>
#include <unordered_map>
struct In {
  std::vector<char> buf; size_t p = 0;
  In() { char tmp[1 << 16]; size_t n; while ((n = fread(tmp, 1, sizeof tmp, stdin)) > 0) buf.insert(buf.end(), tmp, tmp + n); buf.push_back(0); }
  void ws() { while (buf[p] && (unsigned char)buf[p] <= ' ') p++; }
  char ch() { ws(); return buf[p] ? buf[p++] : 0; }
  long num() { ws(); long v = 0; bool neg = buf[p] == '-'; if (neg) p++; while (buf[p] >= '0' && buf[p] <= '9') v = v * 10 + (buf[p++] - '0'); return neg ? -v : v; }
};
struct Out {
  std::string s;
  ~Out() { fwrite(s.data(), 1, s.size(), stdout); }
};
static const int D[4][2] = {{0,1},{0,-1},{-1,0},{1,0}};
static int id[8][8];
static std::unordered_map<unsigned long long, unsigned long long> memo;
static bool inb(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }
static bool blk(unsigned mask, int r, int c) { return id[r][c] >= 0 && (mask >> id[r][c] & 1); }
static unsigned long long ways(int r, int c, int king, int last, unsigned mask) {
  if (!mask) return 1;
  unsigned long long key = ((((unsigned long long)mask << 6 | (r * 8 + c)) << 1 | king) << 3) | (last + 1);
  auto it = memo.find(key); if (it != memo.end()) return it->second;
  unsigned long long tot = 0;
  for (int d = 0; d < 4; d++) {
    // (the original skips d == REV[last] here: no 180-degree turn)
    if (!king) {
      if (d == 3) continue;
      int br = r + D[d][0], bc = c + D[d][1], sr = br + D[d][0], sc = bc + D[d][1];
      if (inb(sr, sc) && blk(mask, br, bc) && !blk(mask, sr, sc)) tot += ways(sr, sc, sr == 0, d, mask & ~(1u << id[br][bc]));
    } else {
      int i = r + D[d][0], j = c + D[d][1];
      while (inb(i, j) && !blk(mask, i, j)) { i += D[d][0]; j += D[d][1]; }
      if (!inb(i, j)) continue;
      unsigned m2 = mask & ~(1u << id[i][j]);
      for (int a = i + D[d][0], b = j + D[d][1]; inb(a, b) && !blk(m2, a, b); a += D[d][0], b += D[d][1]) tot += ways(a, b, 1, d, m2);
    }
  }
  memo[key] = tot; return tot;
}
int main() {
  In in; Out out; int t = in.num();
  while (t--) {
    int n = 0, wr = 0, wc = 0;
    for (int r = 0; r < 8; r++) for (int c = 0; c < 8; c++) { char x = in.ch(); id[r][c] = -1; if (x == 'x') id[r][c] = n++; else if (x == 'o') { wr = r; wc = c; } }
    memo.clear();
    out.s += std::to_string(ways(wr, wc, wr == 0, -1, n == 32 ? ~0u : (1u << n) - 1)) + "\n";
  }
}
