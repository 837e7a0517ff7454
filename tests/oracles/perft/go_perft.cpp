// Hand-written Go (9 x 9) perft oracle, independent of ply.
// Usage: go_perft FILE DEPTH [--divide] [--passes N]
//   FILE is a position file or the word "start" (empty board, black to move). Prints
//   "perft D COUNT" for D = 1..DEPTH. With --divide it first prints one line "MOVE COUNT" per
//   legal move (COUNT = perft(child, DEPTH-1)), sorted by move name. The time per depth goes to
//   stderr. --passes N (0 or 1, default 0) says how many passes were played just before the
//   root position; with 1 a pass at the root ends the game. It is outside the file format and
//   only for the counts marked "--passes 1" in draughts-go-counts.txt.
// Position file: 9 lines of 9 chars, top row first ('X' black, 'O' white, '.' empty), then a
//   line 'X' or 'O' naming the side to move. Blank lines and lines starting with '#' are
//   skipped.
// Rules: a move places a stone on an empty point, or passes (always legal).
//   - After a stone is placed, every enemy group (stones of one colour connected orthogonally)
//     without a liberty (an orthogonally adjacent empty point) is removed. Then, if the placed
//     stone's own group has no liberty, the placement is illegal (suicide).
//   - Simple ko: a placement is illegal if the resulting board (after removals) equals the board
//     as it was before the opponent's last move (two plies earlier). At the root there is no
//     earlier board, so no root move is refused by ko. If the opponent's last move was a pass,
//     that earlier board is the current one, which a placement can never reproduce.
//   - Two passes in a row end the game: the position after the second one is FINISHED.
// Perft: perft(p, 0) = 1; for depth > 0 a FINISHED position counts 0, otherwise the sum over
//   the legal moves (placements and the pass) of perft(child, depth - 1).
// Move names: column a..i from the left (the letter i is used), row 1..9 from the BOTTOM line,
//   e.g. "e5"; "pass" for a pass.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

struct Pos {
    char b[81];
};

static const int N = 9;

static int neighbours(int p, int* out) {
    int r = p / N, c = p % N, k = 0;
    if (r > 0) out[k++] = p - N;
    if (r < N - 1) out[k++] = p + N;
    if (c > 0) out[k++] = p - 1;
    if (c < N - 1) out[k++] = p + 1;
    return k;
}

// Flood fill the group at p; returns true if it has a liberty. Group points go to grp.
static bool groupHasLiberty(const char* b, int p, int* grp, int& n) {
    static bool seen[81];
    memset(seen, 0, sizeof seen);
    char col = b[p];
    n = 0;
    grp[n++] = p; seen[p] = true;
    bool lib = false;
    for (int i = 0; i < n; i++) {
        int nb[4];
        int k = neighbours(grp[i], nb);
        for (int j = 0; j < k; j++) {
            int q = nb[j];
            if (b[q] == '.') lib = true;
            else if (b[q] == col && !seen[q]) { seen[q] = true; grp[n++] = q; }
        }
    }
    return lib;
}

// Try to place a stone of colour side at p on cur. Returns false if illegal. prev may be null.
static bool play(const Pos& cur, const Pos* prev, char side, int p, Pos& out) {
    if (cur.b[p] != '.') return false;
    out = cur;
    out.b[p] = side;
    char enemy = side == 'X' ? 'O' : 'X';
    int nb[4];
    int k = neighbours(p, nb);
    int grp[81], n;
    for (int j = 0; j < k; j++) {
        int q = nb[j];
        if (out.b[q] != enemy) continue;
        if (!groupHasLiberty(out.b, q, grp, n))
            for (int i = 0; i < n; i++) out.b[grp[i]] = '.';
    }
    if (!groupHasLiberty(out.b, p, grp, n)) return false;          // suicide
    if (prev && memcmp(out.b, prev->b, 81) == 0) return false;     // simple ko
    return true;
}

static unsigned long long perft(const Pos& cur, const Pos* prev, int passes, char side, int depth) {
    if (depth == 0) return 1;
    if (passes >= 2) return 0;
    char other = side == 'X' ? 'O' : 'X';
    unsigned long long total = 0;
    Pos child;
    for (int p = 0; p < 81; p++) {
        if (!play(cur, prev, side, p, child)) continue;
        total += depth == 1 ? 1 : perft(child, &cur, 0, other, depth - 1);
    }
    // the pass: the board before it (the new "two plies earlier" for the opponent) is cur
    total += depth == 1 ? 1 : perft(cur, &cur, passes + 1, other, depth - 1);
    return total;
}

static std::string name(int p) {
    std::string s;
    s += char('a' + p % N);
    s += char('0' + (N - p / N));
    return s;
}

int main(int argc, char** argv) {
    std::vector<std::string> args;
    bool divide = false;
    int rootPasses = 0;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--divide") divide = true;
        else if (a == "--passes" && i + 1 < argc) rootPasses = atoi(argv[++i]);
        else args.push_back(a);
    }
    if (args.size() != 2 || rootPasses < 0 || rootPasses > 1) {
        fprintf(stderr, "usage: %s FILE|start DEPTH [--divide] [--passes 0|1]\n", argv[0]);
        return 2;
    }
    std::vector<std::string> lines;
    if (args[0] == "start") {
        for (int r = 0; r < N; r++) lines.push_back(std::string(N, '.'));
        lines.push_back("X");
    } else {
        std::ifstream in(args[0]);
        if (!in) { fprintf(stderr, "cannot open %s\n", args[0].c_str()); return 2; }
        std::string line;
        while (std::getline(in, line)) {
            while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
            if (line.empty() || line[0] == '#') continue;
            lines.push_back(line);
        }
    }
    if (lines.size() != N + 1) { fprintf(stderr, "expected %d non-blank lines, got %zu\n", N + 1, lines.size()); return 2; }
    Pos root;
    for (int r = 0; r < N; r++) {
        if ((int)lines[r].size() != N) { fprintf(stderr, "row %d: expected %d chars\n", r + 1, N); return 2; }
        for (int c = 0; c < N; c++) {
            char x = lines[r][c];
            if (x != 'X' && x != 'O' && x != '.') { fprintf(stderr, "bad char '%c'\n", x); return 2; }
            root.b[r * N + c] = x;
        }
    }
    // every group on the board must have a liberty
    for (int p = 0; p < 81; p++) {
        int grp[81], n;
        if (root.b[p] != '.' && !groupHasLiberty(root.b, p, grp, n)) {
            fprintf(stderr, "group at %s has no liberty\n", name(p).c_str());
            return 2;
        }
    }
    if (lines[N] != "X" && lines[N] != "O") { fprintf(stderr, "bad side-to-move line\n"); return 2; }
    char side = lines[N][0];
    char other = side == 'X' ? 'O' : 'X';
    // at the root there is no earlier board, except after a pass, where it is the root board
    const Pos* rootPrev = rootPasses ? &root : nullptr;
    int maxd = atoi(args[1].c_str());
    if (divide && maxd >= 1 && rootPasses < 2) {
        std::vector<std::pair<std::string, unsigned long long>> rows;
        Pos child;
        for (int p = 0; p < 81; p++)
            if (play(root, rootPrev, side, p, child))
                rows.push_back({name(p), perft(child, &root, 0, other, maxd - 1)});
        rows.push_back({"pass", perft(root, &root, rootPasses + 1, other, maxd - 1)});
        std::sort(rows.begin(), rows.end());
        for (auto& r : rows) printf("%s %llu\n", r.first.c_str(), r.second);
    }
    for (int d = 1; d <= maxd; d++) {
        auto t0 = std::chrono::steady_clock::now();
        unsigned long long n = perft(root, rootPrev, rootPasses, side, d);
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        printf("perft %d %llu\n", d, n);
        fprintf(stderr, "depth %d: %.3f s\n", d, secs);
        fflush(stdout);
    }
    return 0;
}
