// Positions of random Arimaa games with RBG 1.3's perft at each, for tests/perft/arimaa.positions.
// Every count is RBG's (never ply's): the games are played and the leaves counted by the reasoner
// rbg2cpp generates from rbgGames' arimaa_fixedPosition.rbg, as rbg2cpp/test/perft.cpp counts them.
//
// Build (with the reasoner that ../shared/bench/rbg/build.sh makes; see arimaa.md next to this file):
//   R=/tmp/ply-rbg/rbg-arimaa_fixedPosition
//   g++ -std=c++17 -O2 -I$R -o arimaa_positions tests/oracles/rbg/arimaa_positions.cpp $R/reasoner.cpp
// Run: ./arimaa_positions 200 1 3000 > tests/perft/arimaa.positions   (games, seed, most perft 1 for a perft 2)
#include <chrono>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "reasoner.hpp"

constexpr int KEEPER = 0;
reasoner::resettable_bitarray_stack cache;
std::vector<reasoner::move> legal[8];
unsigned long leaves;

// rbg2cpp/test/perft.cpp's count: a finished game counts 0 above depth 0; keeper moves are no plies.
void perft_at(reasoner::game_state& state, unsigned depth) {
    if (depth == 0 && state.get_current_player() != KEEPER) {
        ++leaves;
        return;
    }
    if (state.get_current_player() == KEEPER) {
        if (state.apply_any_move(cache)) return perft_at(state, depth);
        if (depth == 0) ++leaves;
        return;
    }
    state.get_all_moves(cache, legal[depth]);
    for (const auto& m : legal[depth]) {
        auto next = state;
        next.apply_move(m);
        perft_at(next, depth - 1);
    }
}

unsigned long perft(const reasoner::game_state& s, unsigned depth) {
    leaves = 0;
    auto copy = s;
    perft_at(copy, depth);
    return leaves;
}

// The keeper's bookkeeping; false when the game is over.
bool settle(reasoner::game_state& s) {
    while (s.get_current_player() == KEEPER)
        if (!s.apply_any_move(cache)) return false;
    return true;
}

char symbol(int piece) {
    std::string n = reasoner::piece_to_string(piece);
    if (n == "empty") return '.';
    bool gold = n.rfind("gold", 0) == 0;
    std::string kind = n.substr(gold ? 4 : 6);
    char c = kind.rfind("Elephant", 0) == 0 ? 'E' : kind.rfind("Camel", 0) == 0 ? 'M'
           : kind.rfind("Horse", 0) == 0    ? 'H' : kind.rfind("Dog", 0) == 0   ? 'D'
           : kind.rfind("Cat", 0) == 0      ? 'C' : 'R';
    return gold ? c : char(c - 'A' + 'a');
}

int main(int argc, char** argv) {
    int games = argc > 1 ? std::stoi(argv[1]) : 200;
    unsigned long seed = argc > 2 ? std::stoul(argv[2]) : 1;
    unsigned long deeper = argc > 3 ? std::stoul(argv[3]) : 3000;
    std::cout << "# Positions from " << games << " random Arimaa games played by RBG 1.3's compiled reasoner\n"
              << "# (arimaa_fixedPosition.rbg: rbg2cpp fd93c438, rbgGames 3ae4fb75), each turn drawn uniformly among RBG's\n"
              << "# moves (every order of steps its own move), one position per game at a turn drawn uniformly among its\n"
              << "# first 150 turns (or all its turns, if it ends before), with RBG's perft 1, and perft 2 where perft 1 is\n"
              << "# at most " << deeper << " (never ply's): tests/oracles/rbg/arimaa_positions.cpp " << games << " " << seed
              << " " << deeper << "\n"
              << "# Board: the top row (row 8, silver's home row) first; gold E M H D C R, silver e m h d c r, . empty;\n"
              << "# then g or s, the side to move. A perft ply is one whole turn.\n";
    std::cout << "\ncount turns\n";
    for (int g = 1; g <= games; ++g) {
        std::mt19937_64 rng(seed * 1000003ul + g);
        reasoner::game_state s;
        std::vector<reasoner::game_state> seen;
        if (!settle(s)) return 1;
        std::vector<reasoner::move> moves;
        while (seen.size() < 150) {
            s.get_all_moves(cache, moves);
            if (moves.empty()) break;
            seen.push_back(s);
            s.apply_move(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
            if (!settle(s)) break;
        }
        size_t turn = std::uniform_int_distribution<size_t>(0, seen.size() - 1)(rng);
        const auto& at = seen[turn];
        auto started = std::chrono::steady_clock::now();
        std::cout << "\nposition seed " << seed << " game " << g << " turn " << turn << "\n";
        for (int row = 0; row < 8; ++row) {
            std::cout << "  ";
            for (int col = 0; col < 8; ++col) std::cout << symbol(at.get_piece(row * 8 + col));
            std::cout << "\n";
        }
        std::cout << "  " << (at.get_current_player() == 1 ? 'g' : 's') << "\n";
        unsigned long one = perft(at, 1);
        std::cout << "perft 1 " << one << "\n";
        if (one <= deeper) std::cout << "perft 2 " << perft(at, 2) << "\n";
        std::cerr << "game " << g << " turn " << turn << ": perft 1 " << one << " in "
                  << std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() << " s\n";
    }
}
