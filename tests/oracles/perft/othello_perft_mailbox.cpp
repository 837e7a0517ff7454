// Hand-written mailbox Othello perft (independent of ply and of the bitboard reference).
// Usage: othello_perft_mailbox POSITION_FILE MAXDEPTH   -> prints "perft D COUNT" for D = 1..MAXDEPTH
// Position file: 8 lines of 8 chars ('X' black, 'O' white, '.' empty), rows top to bottom,
// then a line 'X' or 'O' for the side to move. '#' lines and blank lines are ignored.
// Conventions: perft(0) = 1. A side with no placement passes (one ply) if the opponent can
// place; if neither side can place, the game is over and perft(d > 0) = 0.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <fstream>
#include <iostream>
#include <chrono>

static char board[8][8];
static const int DR[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int DC[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

static inline char enemy(char s) { return s == 'X' ? 'O' : 'X'; }

// Number of enemy pieces that would be flipped in direction k from (r,c) by side s (0 if the run is not closed).
static int run_len(int r, int c, int k, char s) {
    char e = enemy(s);
    int n = 0, rr = r + DR[k], cc = c + DC[k];
    while (rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && board[rr][cc] == e) {
        n++; rr += DR[k]; cc += DC[k];
    }
    if (n > 0 && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && board[rr][cc] == s) return n;
    return 0;
}

static bool legal(int r, int c, char s) {
    if (board[r][c] != '.') return false;
    for (int k = 0; k < 8; k++) if (run_len(r, c, k, s)) return true;
    return false;
}

static bool has_move(char s) {
    for (int r = 0; r < 8; r++) for (int c = 0; c < 8; c++) if (legal(r, c, s)) return true;
    return false;
}

static unsigned long long perft(char s, int d) {
    if (d == 0) return 1;
    unsigned long long total = 0;
    bool any = false;
    for (int r = 0; r < 8; r++) for (int c = 0; c < 8; c++) {
        if (board[r][c] != '.') continue;
        int len[8]; bool ok = false;
        for (int k = 0; k < 8; k++) { len[k] = run_len(r, c, k, s); if (len[k]) ok = true; }
        if (!ok) continue;
        any = true;
        // make
        board[r][c] = s;
        for (int k = 0; k < 8; k++) for (int i = 1; i <= len[k]; i++) board[r + DR[k] * i][c + DC[k] * i] = s;
        total += perft(enemy(s), d - 1);
        // unmake
        char e = enemy(s);
        for (int k = 0; k < 8; k++) for (int i = 1; i <= len[k]; i++) board[r + DR[k] * i][c + DC[k] * i] = e;
        board[r][c] = '.';
    }
    if (!any) {
        if (!has_move(enemy(s))) return 0;     // game over before depth d
        return perft(enemy(s), d - 1);           // pass is one ply
    }
    return total;
}

int main(int argc, char** argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s POSITION_FILE MAXDEPTH\n", argv[0]); return 2; }
    std::ifstream in(argv[1]);
    if (!in) { fprintf(stderr, "cannot open %s\n", argv[1]); return 2; }
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        lines.push_back(line);
    }
    if (lines.size() != 9) { fprintf(stderr, "expected 9 lines, got %zu\n", lines.size()); return 2; }
    for (int r = 0; r < 8; r++) {
        if (lines[r].size() != 8) { fprintf(stderr, "row %d: expected 8 chars\n", r + 1); return 2; }
        for (int c = 0; c < 8; c++) {
            char x = lines[r][c];
            if (x != 'X' && x != 'O' && x != '.') { fprintf(stderr, "bad char '%c'\n", x); return 2; }
            board[r][c] = x;
        }
    }
    if (lines[8] != "X" && lines[8] != "O") { fprintf(stderr, "bad side to move line\n"); return 2; }
    char s = lines[8][0];
    int maxd = atoi(argv[2]);
    for (int d = 1; d <= maxd; d++) {
        auto t0 = std::chrono::steady_clock::now();
        unsigned long long n = perft(s, d);
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        printf("perft %d %llu\n", d, n);
        fprintf(stderr, "depth %d: %.3f s\n", d, secs);
        fflush(stdout);
    }
    return 0;
}
