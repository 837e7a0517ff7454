// Hand-written chess move generator and perft oracle, independent of ply.
//
// Usage:
//   chess_perft perft  "FEN" DEPTH   prints "perft D COUNT" for D = 1..DEPTH (time per depth on
//                                    stderr)
//   chess_perft divide "FEN" DEPTH   prints "MOVE: COUNT" for every legal move (COUNT =
//                                    perft(child, DEPTH-1)), sorted by move, then "total N"
//   chess_perft moves  "FEN"         prints the legal moves, sorted, one per line
//   chess_perft random SEED N        plays N random games from the start position and prints
//                                    every position met (see below)
//
// Board: a plain 8 x 8 mailbox, board[sq] with sq = rank * 8 + file (a1 = 0, h1 = 7, a8 = 56).
// Pieces are FEN letters ('P','N','B','R','Q','K' white, lower case black), '.' is empty.
//
// Rules (FIDE): pawns step one square forward onto an empty square, two squares from their
// second rank when both squares are empty, capture one square diagonally forward, capture en
// passant onto the FEN en passant square (set only right after a double step), and promote on
// the last rank to queen, rook, bishop or knight (four separate moves). Knights, bishops, rooks,
// queens and kings move as usual. Castling needs the FEN right, the king and that rook on their
// original squares, every square between them empty, the king not in check and the square the
// king passes over and the square it lands on not attacked. A move is legal when, after it is
// made on the board, the mover's king is not attacked; this test covers pins, moving into
// check, and the en passant case where both pawns leave the king's rank.
//
// Moves are written in UCI notation: from-square, to-square, promotion letter in lower case
// ("e2e4", "e7e8q", castling as the king's move "e1g1"). Sorting is plain string order.
//
// Random games: a xorshift64* generator seeded with SEED (splitmix64 of SEED as the state)
// picks index (next() % number_of_legal_moves) among the sorted legal moves. A game ends after
// 200 plies or when the side to move has no legal move. For every position met, the start
// position of each game included, the program prints
//     # seed SEED game G ply P[ check| checkmate| stalemate]
//     fen <FEN>
//     moves <sorted legal moves separated by spaces, or "none">
//     <blank line>
// The FEN has the castling rights actually left, the en passant square whenever the last move
// was a double step (even if no capture is possible), and the halfmove clock and move number.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace {

enum { WK_CASTLE = 1, WQ_CASTLE = 2, BK_CASTLE = 4, BQ_CASTLE = 8 };

struct Position {
    char board[64];
    int white_to_move;  // 1 white, 0 black
    int castling;       // bit set of *_CASTLE
    int ep;             // en passant target square, or -1
    int halfmove;
    int fullmove;
};

struct Move {
    int from, to;
    char promo;  // 0, or lower-case 'q','r','b','n'
    int kind;    // 0 normal, 1 double pawn step, 2 en passant, 3 castling
};

struct Undo {
    char captured;  // piece on the target square before the move (for en passant: '.')
    int castling, ep, halfmove, fullmove;
};

int file_of(int sq) { return sq & 7; }
int rank_of(int sq) { return sq >> 3; }
bool is_white(char p) { return p >= 'A' && p <= 'Z'; }
bool is_black(char p) { return p >= 'a' && p <= 'z'; }
bool is_own(char p, int white) { return white ? is_white(p) : is_black(p); }
bool is_enemy(char p, int white) { return white ? is_black(p) : is_white(p); }
char colored(char upper, int white) { return white ? upper : char(upper - 'A' + 'a'); }

std::string square_name(int sq) {
    std::string s;
    s += char('a' + file_of(sq));
    s += char('1' + rank_of(sq));
    return s;
}

std::string move_name(const Move& m) {
    std::string s = square_name(m.from) + square_name(m.to);
    if (m.promo) s += m.promo;
    return s;
}

const int KNIGHT_D[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
const int KING_D[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
const int ROOK_D[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
const int BISHOP_D[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

// Is square sq attacked by a piece of the given colour (1 = white)?
bool attacked(const Position& p, int sq, int by_white) {
    int f = file_of(sq), r = rank_of(sq);
    // Pawns: a white pawn attacks from one rank below, a black pawn from one rank above.
    int pr = by_white ? r - 1 : r + 1;
    char pawn = colored('P', by_white);
    for (int df = -1; df <= 1; df += 2)
        if (on_board(f + df, pr) && p.board[pr * 8 + f + df] == pawn) return true;
    char knight = colored('N', by_white);
    for (auto& d : KNIGHT_D)
        if (on_board(f + d[0], r + d[1]) && p.board[(r + d[1]) * 8 + f + d[0]] == knight) return true;
    char king = colored('K', by_white);
    for (auto& d : KING_D)
        if (on_board(f + d[0], r + d[1]) && p.board[(r + d[1]) * 8 + f + d[0]] == king) return true;
    char rook = colored('R', by_white), bishop = colored('B', by_white), queen = colored('Q', by_white);
    for (auto& d : ROOK_D) {
        int ff = f + d[0], rr = r + d[1];
        while (on_board(ff, rr)) {
            char x = p.board[rr * 8 + ff];
            if (x != '.') {
                if (x == rook || x == queen) return true;
                break;
            }
            ff += d[0];
            rr += d[1];
        }
    }
    for (auto& d : BISHOP_D) {
        int ff = f + d[0], rr = r + d[1];
        while (on_board(ff, rr)) {
            char x = p.board[rr * 8 + ff];
            if (x != '.') {
                if (x == bishop || x == queen) return true;
                break;
            }
            ff += d[0];
            rr += d[1];
        }
    }
    return false;
}

int find_king(const Position& p, int white) {
    char k = colored('K', white);
    for (int sq = 0; sq < 64; sq++)
        if (p.board[sq] == k) return sq;
    return -1;
}

bool in_check(const Position& p) {
    int k = find_king(p, p.white_to_move);
    return k >= 0 && attacked(p, k, !p.white_to_move);
}

void add_pawn_move(std::vector<Move>& out, int from, int to, int white, int kind) {
    int last = white ? 7 : 0;
    if (rank_of(to) == last) {
        for (char c : {'q', 'r', 'b', 'n'}) out.push_back(Move{from, to, c, 0});
    } else {
        out.push_back(Move{from, to, 0, kind});
    }
}

// All pseudo-legal moves (own king may be left attacked), castling already fully checked.
void pseudo_moves(const Position& p, std::vector<Move>& out) {
    int w = p.white_to_move;
    for (int sq = 0; sq < 64; sq++) {
        char pc = p.board[sq];
        if (!is_own(pc, w)) continue;
        int f = file_of(sq), r = rank_of(sq);
        char up = char(w ? pc : pc - 'a' + 'A');
        if (up == 'P') {
            int dir = w ? 1 : -1;
            int start_rank = w ? 1 : 6;
            int r1 = r + dir;
            if (!on_board(f, r1)) continue;  // a pawn on its last rank cannot be in a legal FEN
            if (p.board[r1 * 8 + f] == '.') {
                add_pawn_move(out, sq, r1 * 8 + f, w, 0);
                int r2 = r + 2 * dir;
                if (r == start_rank && p.board[r2 * 8 + f] == '.') out.push_back(Move{sq, r2 * 8 + f, 0, 1});
            }
            for (int df = -1; df <= 1; df += 2) {
                if (!on_board(f + df, r1)) continue;
                int to = r1 * 8 + f + df;
                if (is_enemy(p.board[to], w)) add_pawn_move(out, sq, to, w, 0);
                else if (to == p.ep && p.board[to] == '.') {
                    // The pawn to capture stands beside us, on the square passed over + dir back.
                    int victim = to - dir * 8;
                    if (p.board[victim] == colored('P', !w)) out.push_back(Move{sq, to, 0, 2});
                }
            }
        } else if (up == 'N' || up == 'K') {
            const int(*D)[2] = up == 'N' ? KNIGHT_D : KING_D;
            for (int i = 0; i < 8; i++) {
                int ff = f + D[i][0], rr = r + D[i][1];
                if (!on_board(ff, rr)) continue;
                int to = rr * 8 + ff;
                if (!is_own(p.board[to], w)) out.push_back(Move{sq, to, 0, 0});
            }
        } else {
            // KING_D lists the 8 directions alternating straight (even index) and diagonal.
            for (int i = 0; i < 8; i++) {
                bool straight = i % 2 == 0;
                if ((straight && up == 'B') || (!straight && up == 'R')) continue;
                const int* d = KING_D[i];
                int ff = f + d[0], rr = r + d[1];
                while (on_board(ff, rr)) {
                    int to = rr * 8 + ff;
                    char x = p.board[to];
                    if (is_own(x, w)) break;
                    out.push_back(Move{sq, to, 0, 0});
                    if (x != '.') break;
                    ff += d[0];
                    rr += d[1];
                }
            }
        }
    }
    // Castling. King on e1/e8, rook on h/a corner, rights from the FEN.
    int home = w ? 0 : 56;
    char king = colored('K', w), rook = colored('R', w);
    int ks = w ? WK_CASTLE : BK_CASTLE, qs = w ? WQ_CASTLE : BQ_CASTLE;
    if (p.board[home + 4] == king && (p.castling & (ks | qs)) && !attacked(p, home + 4, !w)) {
        if ((p.castling & ks) && p.board[home + 7] == rook && p.board[home + 5] == '.' &&
            p.board[home + 6] == '.' && !attacked(p, home + 5, !w) && !attacked(p, home + 6, !w))
            out.push_back(Move{home + 4, home + 6, 0, 3});
        if ((p.castling & qs) && p.board[home + 0] == rook && p.board[home + 1] == '.' &&
            p.board[home + 2] == '.' && p.board[home + 3] == '.' && !attacked(p, home + 3, !w) &&
            !attacked(p, home + 2, !w))
            out.push_back(Move{home + 4, home + 2, 0, 3});
    }
}

// Castling right lost when a move touches this square (from or to).
int rights_lost(int sq) {
    switch (sq) {
        case 0: return WQ_CASTLE;
        case 7: return WK_CASTLE;
        case 4: return WK_CASTLE | WQ_CASTLE;
        case 56: return BQ_CASTLE;
        case 63: return BK_CASTLE;
        case 60: return BK_CASTLE | BQ_CASTLE;
        default: return 0;
    }
}

Undo make_move(Position& p, const Move& m) {
    Undo u{p.board[m.to], p.castling, p.ep, p.halfmove, p.fullmove};
    int w = p.white_to_move;
    char pc = p.board[m.from];
    bool pawn = pc == colored('P', w);
    p.board[m.to] = m.promo ? colored(char(m.promo - 'a' + 'A'), w) : pc;
    p.board[m.from] = '.';
    if (m.kind == 2) p.board[m.to + (w ? -8 : 8)] = '.';
    if (m.kind == 3) {
        int home = w ? 0 : 56;
        if (m.to == home + 6) { p.board[home + 5] = p.board[home + 7]; p.board[home + 7] = '.'; }
        else { p.board[home + 3] = p.board[home + 0]; p.board[home + 0] = '.'; }
    }
    p.castling &= ~(rights_lost(m.from) | rights_lost(m.to));
    p.ep = m.kind == 1 ? (m.from + m.to) / 2 : -1;
    p.halfmove = (pawn || u.captured != '.' || m.kind == 2) ? 0 : p.halfmove + 1;
    if (!w) p.fullmove++;
    p.white_to_move = !w;
    return u;
}

void unmake_move(Position& p, const Move& m, const Undo& u) {
    int w = !p.white_to_move;  // the side that made the move
    p.white_to_move = w;
    char pc = p.board[m.to];
    p.board[m.from] = m.promo ? colored('P', w) : pc;
    p.board[m.to] = u.captured;
    if (m.kind == 2) p.board[m.to + (w ? -8 : 8)] = colored('P', !w);
    if (m.kind == 3) {
        int home = w ? 0 : 56;
        if (m.to == home + 6) { p.board[home + 7] = p.board[home + 5]; p.board[home + 5] = '.'; }
        else { p.board[home + 0] = p.board[home + 3]; p.board[home + 3] = '.'; }
    }
    p.castling = u.castling;
    p.ep = u.ep;
    p.halfmove = u.halfmove;
    p.fullmove = u.fullmove;
}

// Legal moves: pseudo-legal moves after which the mover's king is not attacked.
std::vector<Move> legal_moves(Position& p) {
    std::vector<Move> pseudo, legal;
    pseudo.reserve(64);
    pseudo_moves(p, pseudo);
    int w = p.white_to_move;
    for (const Move& m : pseudo) {
        Undo u = make_move(p, m);
        int k = find_king(p, w);
        if (k < 0 || !attacked(p, k, !w)) legal.push_back(m);
        unmake_move(p, m, u);
    }
    return legal;
}

std::vector<Move> sorted_legal_moves(Position& p) {
    std::vector<Move> v = legal_moves(p);
    std::sort(v.begin(), v.end(), [](const Move& a, const Move& b) { return move_name(a) < move_name(b); });
    return v;
}

uint64_t perft(Position& p, int depth) {
    if (depth == 0) return 1;
    std::vector<Move> moves = legal_moves(p);
    if (depth == 1) return moves.size();
    uint64_t total = 0;
    for (const Move& m : moves) {
        Undo u = make_move(p, m);
        total += perft(p, depth - 1);
        unmake_move(p, m, u);
    }
    return total;
}

bool parse_fen(const std::string& fen, Position& p) {
    std::istringstream in(fen);
    std::string placement, side, castle = "-", ep = "-";
    int half = 0, full = 1;
    if (!(in >> placement >> side)) return false;
    in >> castle >> ep;
    if (!(in >> half)) half = 0;
    if (!(in >> full)) full = 1;
    std::memset(p.board, '.', 64);
    int r = 7, f = 0;
    for (char c : placement) {
        if (c == '/') {
            if (f != 8) return false;
            r--;
            f = 0;
        } else if (c >= '1' && c <= '8') {
            f += c - '0';
        } else if (std::strchr("PNBRQKpnbrqk", c)) {
            if (f > 7 || r < 0) return false;
            p.board[r * 8 + f] = c;
            f++;
        } else {
            return false;
        }
        if (f > 8) return false;
    }
    if (r != 0 || f != 8) return false;
    if (side != "w" && side != "b") return false;
    p.white_to_move = side == "w";
    p.castling = 0;
    if (castle != "-")
        for (char c : castle) {
            if (c == 'K') p.castling |= WK_CASTLE;
            else if (c == 'Q') p.castling |= WQ_CASTLE;
            else if (c == 'k') p.castling |= BK_CASTLE;
            else if (c == 'q') p.castling |= BQ_CASTLE;
            else return false;
        }
    p.ep = -1;
    if (ep != "-") {
        if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || (ep[1] != '3' && ep[1] != '6')) return false;
        p.ep = (ep[1] - '1') * 8 + (ep[0] - 'a');
    }
    p.halfmove = half;
    p.fullmove = full;
    return find_king(p, 1) >= 0 && find_king(p, 0) >= 0;
}

std::string to_fen(const Position& p) {
    std::string s;
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            char c = p.board[r * 8 + f];
            if (c == '.') { empty++; continue; }
            if (empty) s += char('0' + empty);
            empty = 0;
            s += c;
        }
        if (empty) s += char('0' + empty);
        if (r) s += '/';
    }
    s += p.white_to_move ? " w " : " b ";
    std::string c;
    if (p.castling & WK_CASTLE) c += 'K';
    if (p.castling & WQ_CASTLE) c += 'Q';
    if (p.castling & BK_CASTLE) c += 'k';
    if (p.castling & BQ_CASTLE) c += 'q';
    s += c.empty() ? "-" : c;
    s += ' ';
    s += p.ep >= 0 ? square_name(p.ep) : "-";
    s += ' ' + std::to_string(p.halfmove) + ' ' + std::to_string(p.fullmove);
    return s;
}

std::string moves_line(Position& p) {
    std::vector<Move> v = sorted_legal_moves(p);
    if (v.empty()) return "none";
    std::string s;
    for (size_t i = 0; i < v.size(); i++) {
        if (i) s += ' ';
        s += move_name(v[i]);
    }
    return s;
}

struct Rng {
    uint64_t state;
    explicit Rng(uint64_t seed) {
        uint64_t z = seed + 0x9E3779B97F4A7C15ULL;  // splitmix64
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        state = (z ^ (z >> 31)) | 1;
    }
    uint64_t next() {  // xorshift64*
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 0x2545F4914F6CDD1DULL;
    }
};

const char* START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

int usage() {
    std::fprintf(stderr,
                 "usage: chess_perft perft \"FEN\" DEPTH | divide \"FEN\" DEPTH | moves \"FEN\" | random SEED N\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    std::string mode = argv[1];
    Position p;
    if (mode == "perft" || mode == "divide" || mode == "moves") {
        if (argc < 3 || !parse_fen(argv[2], p)) {
            std::fprintf(stderr, "bad FEN\n");
            return usage();
        }
    }
    if (mode == "perft" && argc == 4) {
        int depth = std::atoi(argv[3]);
        for (int d = 1; d <= depth; d++) {
            auto t0 = std::chrono::steady_clock::now();
            uint64_t n = perft(p, d);
            double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            std::printf("perft %d %llu\n", d, (unsigned long long)n);
            std::fflush(stdout);
            std::fprintf(stderr, "depth %d: %.2f s\n", d, secs);
        }
        return 0;
    }
    if (mode == "divide" && argc == 4) {
        int depth = std::atoi(argv[3]);
        if (depth < 1) return usage();
        uint64_t total = 0;
        for (const Move& m : sorted_legal_moves(p)) {
            Undo u = make_move(p, m);
            uint64_t n = perft(p, depth - 1);
            unmake_move(p, m, u);
            total += n;
            std::printf("%s: %llu\n", move_name(m).c_str(), (unsigned long long)n);
        }
        std::printf("total %llu\n", (unsigned long long)total);
        return 0;
    }
    if (mode == "moves" && argc == 3) {
        for (const Move& m : sorted_legal_moves(p)) std::printf("%s\n", move_name(m).c_str());
        return 0;
    }
    if (mode == "random" && argc == 4) {
        Rng rng(std::strtoull(argv[2], nullptr, 10));
        int games = std::atoi(argv[3]);
        for (int g = 0; g < games; g++) {
            parse_fen(START_FEN, p);
            for (int ply = 0;; ply++) {
                std::vector<Move> v = sorted_legal_moves(p);
                const char* status = !in_check(p) ? (v.empty() ? " stalemate" : "")
                                                  : (v.empty() ? " checkmate" : " check");
                std::printf("# seed %s game %d ply %d%s\n", argv[2], g + 1, ply, status);
                std::printf("fen %s\nmoves %s\n\n", to_fen(p).c_str(), moves_line(p).c_str());
                if (v.empty() || ply == 200) break;
                make_move(p, v[rng.next() % v.size()]);
            }
        }
        return 0;
    }
    return usage();
}
