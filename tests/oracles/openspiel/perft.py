#!/usr/bin/env python3
"""Perft counts from OpenSpiel (pyspiel), the oracle for games ply takes from OpenSpiel.

    python3 tests/oracles/openspiel/perft.py GAME --depth D            # from the start
    python3 tests/oracles/openspiel/perft.py GAME --depth D --actions A,B,...
    python3 tests/oracles/openspiel/perft.py GAME --random N --depth D --seed S

Needs `pip install open-spiel` (a virtual environment will do). ply is never run. perft(0) = 1;
a terminal position counts 0 at every depth > 0; a chance node is not a ply (every outcome is
expanded); in ultimate_tic_tac_toe, OpenSpiel's choice of a block (its own action when the next
block is free) is not a ply either: it is folded into the placement after it, as the rules file
has it. The last ply is counted from the list of legal actions (bulk counting), so it never
plays the leaves. In maedn (Mensch ärgere dich nicht) every turn begins with a roll of the die,
a chance node: its 6 outcomes are expanded below every ply, and the start itself is one (the
first roll); a ply is a move, a pass included. In backgammon a ply is one OpenSpiel action: a
pair of checker moves (fewer when fewer can be played, the pass action when none can), a double
being two actions of the same side; every turn begins with a roll, a chance node (the start is
the first roll, 30 outcomes: the 15 non-double rolls, each once for X, player 0, to start and
once for O; later rolls have 36 ordered outcomes, 3-5 and 5-3 being two of them), whose outcomes
that reach the same state are expanded once and counted as often as they are reached
(SAME_STATE_OUTCOMES). With --actions, those OpenSpiel actions (chance outcomes too: in maedn,
outcome k is a roll of k + 1) are played from the start first, and the position reached is
printed (as the rules file's input reads it, when the script writes it).

With --random it plays N random games (seeded; actions uniform, chance outcomes by their
probabilities: maedn's die and backgammon's dice uniform) and from each game takes one position at a ply drawn
uniformly from the game's length (for nine_mens_morris, uniformly among the game's states where
a turn begins: no removal pending, not over, turn number below 197; for ultimate_tic_tac_toe,
among the states where a placement comes next, not after a block's choice; for maedn, among the
decision states: the die rolled, the move not made, the game not over; for backgammon, among the
decision states of the game's first 450 turns, far from OpenSpiel's end after 500 turns), and
prints for each a block in the format of tests/perft/*.positions: a `position` line (`ply N`:
the moves played before it, never the rolls), the board as the rules file's input reads it (rows
from the top (for backgammon with the bars and the checkers borne off), for nine_mens_morris
the men in hand, for maedn the pieces out of play, then the side to move, for maedn then the die
rolled, for backgammon then the dice and ` again` for a double's second action), and
`perft D COUNT` lines. For dots_and_boxes, whose every game is as long as the board has lines
(so perft counts do not see whose turn it is), a position with at most 7 plies left also gets an
`endings D TEXT=N, ...` line: the games played out to the end, by result, as `ply perft
--endings` counts them. A game with no state to take gives no position;
games are played until there are N positions. For shogi and crazyhouse, whose positions (SFEN,
FEN) say nothing of the positions before them, the counts come from the state OpenSpiel rebuilds
from the position (REBUILD), never from the state the game reached; a state qualifies only if
its rebuilt state agrees with it on the end of the game and on the legal actions (a repetition
ended it, for example), and the random games are cut after 600 plies (PLY_CAP).
"""
import argparse
import random
import sys
import time

import pyspiel
from importlib.metadata import version


def choosing_a_block(state):
    """Whether an ultimate_tic_tac_toe state waits for the choice of a block: OpenSpiel's own
    action, which the rules file folds into the placement that follows (not a ply)."""
    return (state.get_game().get_type().short_name == "ultimate_tic_tac_toe"
            and not state.is_terminal() and "Forced board: any" in str(state))


# Games whose chance nodes may have several outcomes that reach the same state (backgammon's
# rolls after the first: 3-5 and 5-3 are two of the 36 outcomes, and OpenSpiel keeps the dice
# sorted): perft expands each distinct state once and counts it as often as it is reached,
# which gives the same counts, faster.
SAME_STATE_OUTCOMES = {"backgammon"}


def chance_children(state):
    """The states a chance node leads to, each with the number of its outcomes that reach it
    (1 each, unless the game is in SAME_STATE_OUTCOMES: then outcomes are merged when their
    states print the same; two children of one chance node differ only by the outcome, and
    backgammon's string shows all of that: the dice and the side to move)."""
    children = [state.child(a) for a, _ in state.chance_outcomes()]
    if state.get_game().get_type().short_name not in SAME_STATE_OUTCOMES:
        return [(child, 1) for child in children]
    merged = {}
    for child in children:
        key = str(child)
        if key in merged:
            merged[key][1] += 1
        else:
            merged[key] = [child, 1]
    return list(merged.values())


def perft(state, depth):
    if state.is_terminal():
        return 0 if depth > 0 else 1
    if state.is_chance_node():
        return sum(n * perft(child, depth) for child, n in chance_children(state))
    if choosing_a_block(state):
        return sum(perft(state.child(a), depth) for a in state.legal_actions())
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.child(a), depth - 1) for a in actions)


def pentago_input(state):
    """The board as pentago.rules' input reads it: 6 rows from the top (OpenSpiel's y = 0
    first, printed with row number 1), `O` white (player 0), `@` black, `.` empty; then the
    side to move."""
    rows = []
    for line in str(state).splitlines()[2:8]:
        cells = line[4:4 + 11].split(" ")
        rows.append("".join(cells))
    mover = "O" if state.current_player() == 0 else "@"
    if state.is_terminal():
        # Whose turn it would be: the other side of the one that made the last move.
        mover = "@" if len(state.history()) % 2 == 1 else "O"
    return rows + [mover]


MORRIS_COLS = (0, 2, 4, 7, 10, 12, 14)  # OpenSpiel's string columns of grid columns 0..6


def morris_facts(state):
    """The `Name: value` lines below OpenSpiel's Nine men's morris board, as a dict."""
    facts = {}
    for line in str(state).splitlines()[14:]:
        name, _, value = line.partition(": ")
        facts[name] = value
    return facts


def morris_qualifies(state):
    """Whether a Nine men's morris state is one the rules file's input can state: a turn
    begins (no removal pending after a mill), the game is not over, and the turn number is
    below 197, so that OpenSpiel's draw at 200 turns cannot touch a perft of depth 3."""
    if state.is_terminal():
        return False
    facts = morris_facts(state)
    return ("Last move formed a mill. Capture time!" not in str(state)
            and int(facts["Turn number"]) < 197)


def morris_input(state):
    """The board as nine-mens-morris.rules' input reads it: the 7 x 7 grid from the top
    (OpenSpiel's string rows 0, 2, ..., 12 and columns 0, 2, 4, 7, 10, 12, 14), a point `W`
    (player 0), `B` or `.`, a cell between two points of a line `-` or `|`, the centre `+`;
    then the men in hand, W then B, SFEN-style (`9W9B`, `W2B`, `3B`, `-` for none); then the
    side to move."""
    assert morris_qualifies(state), str(state)
    lines = str(state).splitlines()
    rows = []
    for r in range(7):
        line = lines[2 * r]
        rows.append("".join("+" if line[c] == " " else line[c] for c in MORRIS_COLS))
    facts = morris_facts(state)
    hand = ""
    for count, side in zip(facts["Men to deploy"].split(), "WB"):
        if int(count) > 0:
            hand += ("" if count == "1" else count) + side
    mover = facts["Current player"]
    assert mover == "WB"[state.current_player()]
    return rows + [hand or "-", mover]


def dots_input(state):
    """The board as dots-and-boxes.rules' input reads it: the grid of dots, lines and boxes
    from the top (2 x rows + 1 rows of 2 x cols + 1 cells), `R` on a line drawn (OpenSpiel does
    not say who drew it; a line's side does not matter) and on a box red (player 0) claimed,
    `B` on a box blue claimed, `.` elsewhere; then the side to move."""
    params = state.get_game().get_parameters()
    rows, cols = params["num_rows"], params["num_cols"]
    grid = [["."] * (2 * cols + 1) for _ in range(2 * rows + 1)]
    dbn, i = state.dbn_string(), 0
    for r in range(rows + 1):
        for c in range(cols):
            if dbn[i] == "1":
                grid[2 * r][2 * c + 1] = "R"
            i += 1
    for r in range(rows):
        for c in range(cols + 1):
            if dbn[i] == "1":
                grid[2 * r + 1][2 * c] = "R"
            i += 1
    text = str(state).splitlines()
    for r in range(rows):
        line = text[2 * r + 1]
        for c in range(cols):
            owner = line[4 * c + 2] if 4 * c + 2 < len(line) else " "
            if owner in "12":
                grid[2 * r + 1][2 * c + 1] = "R" if owner == "1" else "B"
    return ["".join(row) for row in grid] + ["R" if state.current_player() == 0 else "B"]


def dots_result(state):
    """A finished dots and boxes game's result, as dots-and-boxes.rules words it."""
    r = state.returns()[0]
    return "Red wins" if r > 0 else "Blue wins" if r < 0 else "Draw"


def endings(state, depth, result, tally):
    """Adds to `tally` the games that end within `depth` plies of `state`, by result."""
    if state.is_terminal():
        text = result(state)
        tally[text] = tally.get(text, 0) + 1
        return
    if depth == 0:
        return
    for a in state.legal_actions():
        endings(state.child(a), depth - 1, result, tally)


QUORIDOR_SIZE = 17  # OpenSpiel's board of squares, grooves and crossings, 2 x 9 - 1 wide


def quoridor_input(state):
    """The board as quoridor.rules' input reads it: the 17 x 17 grid from the top (OpenSpiel's
    y = 0 first: black's starting row), `W` white's pawn (player 0, OpenSpiel's `0`), `B`
    black's (`@`), `w` or `b` on the grooves and crossing a wall of that side covers, `.`
    elsewhere; then the side to move. OpenSpiel's board does not say who placed a wall, so
    the owners come from the history (players alternate; a wall action is its first cell)."""
    n = QUORIDOR_SIZE
    grid = [["."] * n for _ in range(n)]
    for i, a in enumerate(state.history()):
        x, y = a % n, a // n
        if x % 2 == 0 and y % 2 == 0:
            continue  # a pawn move (or a pass)
        cells = [(x + k, y) for k in range(3)] if y % 2 else [(x, y + k) for k in range(3)]
        for cx, cy in cells:
            grid[cy][cx] = "wb"[i % 2]
    lines = str(state).splitlines()
    for y in range(0, n, 2):
        line = lines[2 + y]
        for x in range(0, n, 2):
            c = line[2 + (x // 2) * 4 + 1]
            if c in "0@":
                grid[y][x] = "W" if c == "0" else "B"
    mover = "W" if state.current_player() == 0 else "B"
    if state.is_terminal():
        mover = "B" if len(state.history()) % 2 == 1 else "W"
    return ["".join(row) for row in grid] + [mover]


def uttt_input(state):
    """The board as ultimate-tic-tac-toe.rules' input reads it: the 9 x 9 grid from the top
    (OpenSpiel's string without the spaces and blank lines between blocks), `X` for its `x`
    (player 0, first), `O` for `o`, `.` empty; then the side to move; then the square of the
    last placement (`-` before any), named column letter + row number from the top. Block b's
    cell c is row 3 (b // 3) + c // 3, column 3 (b % 3) + c % 3: OpenSpiel's forced board is
    the block standing as that cell stands in its block."""
    rows = [line.replace(" ", "").upper() for line in str(state).splitlines()[:11] if line]
    assert len(rows) == 9 and all(len(r) == 9 for r in rows), str(state)
    # Which actions chose a block is known only by replaying the game.
    replay = state.get_game().new_initial_state()
    last = "-"
    for a in state.history():
        if choosing_a_block(replay):
            replay.apply_action(a)
            continue
        forced = int(str(replay).split("Forced board: ")[1].split()[0])
        r, c = (forced // 3) * 3 + a // 3, (forced % 3) * 3 + a % 3
        last = f"{'ABCDEFGHI'[c]}{r + 1}"
        replay.apply_action(a)
    # Crosses move first: at the end too, the side to move is the one with fewer marks.
    crosses, noughts = (sum(r.count(m) for r in rows) for m in "XO")
    mover = "X" if crosses == noughts else "O"
    return rows + [mover, last]


def parent_of(state):
    """The state before the last action of `state` (`None` at the start)."""
    history = state.history()
    if not history:
        return None
    parent = state.get_game().new_initial_state()
    for a in history[:-1]:
        parent.apply_action(a)
    return parent


def uttt_turn_begins(state):
    """Whether an ultimate_tic_tac_toe state is one the rules file's input can state: not
    between OpenSpiel's choice of a block and the placement in it."""
    parent = parent_of(state)
    return parent is None or not choosing_a_block(parent)


def mancala_input(state):
    """The board as kalah.rules' input reads it: 2 rows of 8 counts from the top, then the side
    to move (`S` south, OpenSpiel's player 0, or `N`). OpenSpiel's board_ (its observation
    tensor's first 14 numbers) is player 1's store (A2), player 0's pits 1-6 (B1-G1), player
    0's store (H1), player 1's pits 8-13 (G2 back to B2); A1 and H2 are no pits and hold 0."""
    b = [int(v) for v in state.observation_tensor(0)[:14]]
    top = [b[0]] + [b[14 - c] for c in range(1, 7)] + [0]
    bottom = [0] + b[1:7] + [b[7]]
    mover = "N" if state.current_player() == 1 else "S"
    return [" ".join(map(str, top)), " ".join(map(str, bottom)), mover]


def oware_board(state):
    """OpenSpiel's oware board: the side to move, the two scores and the 12 houses (player
    0's houses 0-5, then player 1's 6-11), from its observation string."""
    player, scores, seeds = str(state.observation_string(0)).split(" | ")
    return int(player), [int(v) for v in scores.split()], [int(v) for v in seeds.split()]


def oware_input(state):
    """The board as oware.rules' input reads it: 2 rows of 8 counts from the top, then the side
    to move (`S` south, OpenSpiel's player 0, or `N`). Player 0's houses 0-5 are B1-G1 and its
    score the store H1; player 1's houses 6-11 are G2 back to B2 and its score the store A2;
    A1 and H2 are no pits and hold 0."""
    player, scores, seeds = oware_board(state)
    top = [scores[1]] + [seeds[12 - c] for c in range(1, 7)] + [0]
    bottom = [0] + seeds[0:6] + [scores[0]]
    return [" ".join(map(str, top)), " ".join(map(str, bottom)), "N" if player == 1 else "S"]


def oware_fresh(state):
    """Whether no board before an oware state can come back: the start, or a state the last
    move reached by a capture (OpenSpiel forgets the boards before a capture, and a board
    read from the input has no past)."""
    parent = parent_of(state)
    return parent is None or oware_board(parent)[1] != oware_board(state)[1]


XIANGQI_FEN = {"G": "K", "A": "A", "E": "B", "H": "N", "R": "R", "C": "C", "S": "P"}


def xiangqi_input(state):
    """The position as xiangqi.rules' input reads it, one line of FEN: the 10 rows from the top
    (OpenSpiel's row 0, black's back row, first), red's pieces (player 0, first to move) in
    capitals, a run of empty points as its length; then `w` (red to move) or `b`. OpenSpiel's
    letters are G, A, E, H, R, C, S (general, advisor, elephant, horse, chariot, cannon,
    soldier); FEN's K, A, B, N, R, C, P."""
    rows = []
    for line in str(state).splitlines():
        row, run = "", 0
        for c in line:
            if c == ".":
                run += 1
                continue
            if run:
                row, run = row + str(run), 0
            piece = XIANGQI_FEN[c.upper()]
            row += piece if c.isupper() else piece.lower()
        rows.append(row + (str(run) if run else ""))
    assert len(rows) == 10, str(state)
    # Red moves first and the sides alternate: at the end too, the parity says who is to move.
    mover = "wb"[len(state.history()) % 2]
    assert state.is_terminal() or mover == "wb"[state.current_player()]
    return ["/".join(rows) + " " + mover]


SHOGI_HAND_ORDER = "RBGSNLP"  # the usual order of the pieces in hand (USI, Shogidokoro)


def shogi_sfen(state):
    """OpenSpiel's shogi position (its str(state), `BOARD SIDE HAND NUMBER`) as standard SFEN.
    OpenSpiel's board and side are already SFEN's: ranks a (top) to i, file 9 first, sente
    (player 0, first to move) in capitals, a promoted piece `+P`, side `b` (sente) or `w`. Its
    hand lists sente's pieces then gote's, a count only when above 1, but in the order P L N S
    G B R; the usual order is R B G S N L P, so the hand is rewritten in it. Its move number
    counts whole moves as chess does (1 more after each gote move); SFEN's counts plies (the
    number of the next ply, 1 at the start), so it is rewritten too."""
    board, side, hand, number = str(state).split(" ")
    counts, digits = {}, ""
    if hand != "-":
        for c in hand:
            if c.isdigit():
                digits += c
                continue
            assert c.upper() in SHOGI_HAND_ORDER and c not in counts, hand
            counts[c] = int(digits or "1")
            digits = ""
    assert not digits, hand
    text = ""
    for c in SHOGI_HAND_ORDER + SHOGI_HAND_ORDER.lower():
        if counts.get(c, 0):
            text += ("" if counts[c] == 1 else str(counts[c])) + c
    plies = 2 * (int(number) - 1) + (1 if side == "w" else 0)
    assert plies == len(state.history()), (str(state), len(state.history()))
    return f"{board} {side} {text or '-'} {plies + 1}"


def shogi_input(state):
    """The position as shogi.rules' input reads it: one line of standard SFEN (`shogi_sfen`)."""
    return [shogi_sfen(state)]


CRAZYHOUSE_PROMOTED = {"E": "Q~", "C": "R~", "A": "B~", "H": "N~"}


def crazyhouse_fen(state):
    """OpenSpiel's crazyhouse FEN (its str(state)) as the usual crazyhouse FEN: a promoted
    piece, which OpenSpiel writes E, C, A or H (a promoted queen, rook, bishop, knight;
    lowercase for black), is its piece letter followed by `~` (`Q~`, `r~`, ...); the pockets,
    which OpenSpiel leaves out when both are empty, are always written in brackets right after
    the board (white's pieces in capitals, then black's, each in the order P N B R Q, as
    OpenSpiel writes them; `[]` when empty). The other fields are OpenSpiel's: side to move,
    castling rights (`KQkq`), the en passant square (only when a pawn of the side to move
    stands beside the pawn that has just moved two squares), the halfmove clock and the move
    number."""
    fen = str(state)
    board, rest = fen.split(" ", 1)
    pockets = ""
    if "[" in board:
        board, pockets = board[:-1].split("[")
    out = ""
    for c in board:
        usual = CRAZYHOUSE_PROMOTED.get(c.upper(), c)
        out += usual if c.isupper() or not c.isalpha() else usual.lower()
    text = f"{out}[{pockets}] {rest}"
    # The way back gives OpenSpiel's own FEN.
    back = text.replace("[]", "")
    for letter, usual in CRAZYHOUSE_PROMOTED.items():
        back = back.replace(usual, letter).replace(usual.lower(), letter.lower())
    assert back == fen, (fen, text)
    return text


def crazyhouse_input(state):
    """The position as crazyhouse.rules' input reads it: one line of crazyhouse FEN
    (`crazyhouse_fen`)."""
    return [crazyhouse_fen(state)]


MAEDN_FIELDS = (  # OpenSpiel's kFieldToBoardString 0-55: (x, y) of its fields in ToString
    # The 40 common fields, from player 0's set-in field (S at the left) on.
    (0, 4), (2, 4), (4, 4), (6, 4), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0), (10, 0),
    (12, 0), (12, 1), (12, 2), (12, 3), (12, 4), (14, 4), (16, 4), (18, 4), (20, 4), (20, 5),
    (20, 6), (18, 6), (16, 6), (14, 6), (12, 6), (12, 7), (12, 8), (12, 9), (12, 10), (10, 10),
    (8, 10), (8, 9), (8, 8), (8, 7), (8, 6), (6, 6), (4, 6), (2, 6), (0, 6), (0, 5),
    # The goal fields of positions 0, 1, 2, 3 (in order from the first goal field on).
    (2, 5), (4, 5), (6, 5), (8, 5), (10, 1), (10, 2), (10, 3), (10, 4),
    (18, 5), (16, 5), (14, 5), (12, 5), (10, 9), (10, 8), (10, 7), (10, 6))
MAEDN_OUT = (  # kFieldToBoardString 56-71: the pieces out of play, 4 spots per position
    (0, 0), (2, 0), (2, 1), (0, 1), (18, 0), (20, 0), (20, 1), (18, 1),
    (18, 10), (20, 10), (20, 9), (18, 9), (0, 10), (2, 10), (2, 9), (0, 9))
# The absolute fields of OpenSpiel's observation tensor for player 0, in its order: the common
# fields 0-39, then the goal fields of players 0, 1, 2, 3 (positions 0, 2, 1, 3).
MAEDN_TENSOR_FIELDS = list(range(40)) + [40 + 4 * pos + i for pos in (0, 2, 1, 3)
                                         for i in range(4)]


def maedn_input(state):
    """The position as maedn.rules' input reads it, from OpenSpiel's `str(state)` (its
    ToString drawing, 11 lines of 21 characters, then `Turn:` and `Dice:`): the 11 x 11 board
    from the top (the drawing's row y, its column x = 0, 2, ..., 20 as column x / 2), a cell
    that is one of OpenSpiel's 56 fields (40 common fields, 4 x 4 goal fields) `R` with a
    piece of player 0, `B` with one of player 1, `.` empty, every other cell (the corner areas
    of the pieces out of play, the centre, the blank) `+`; then the pieces out of play (drawn in
    the corners: player p's at the 4 spots from 56 + 4 x PlayerToPosition(p) of
    kFieldToBoardString, player 1's position being 2 with twoPlayersOpposite) as a hand, R then
    B, a count of 1 left out (`4R4B`, `R3B`, `2R`, `-` for none); then the side to move (`R`,
    player 0, or `B`); then the die rolled for this turn (1-6). Only a decision state (the roll
    made, the move not yet) has such a position, and only the default game (2 players,
    opposite). Checked against the observation tensor and against 4 pieces per player."""
    assert state.get_game().get_parameters() == {"players": 2, "twoPlayersOpposite": True}
    assert not state.is_chance_node() and not state.is_terminal(), str(state)
    lines = str(state).splitlines()
    assert len(lines) == 13 and all(len(line) == 21 for line in lines[:11]), str(state)
    player = state.current_player()
    assert lines[11] == f"Turn: {player + 1}", str(state)
    dice = int(lines[12].removeprefix("Dice: "))
    grid = [["+"] * 11 for _ in range(11)]
    for x, y in MAEDN_FIELDS:
        c = lines[y][x]
        assert c in "oS.12", str(state)
        grid[y][x // 2] = {"1": "R", "2": "B"}.get(c, ".")
    out = []
    for p, position in ((0, 0), (1, 2)):
        spots = [lines[y][x] for x, y in MAEDN_OUT[4 * position:4 * position + 4]]
        n = spots.count(str(p + 1))
        assert spots == [str(p + 1)] * n + ["."] * (4 - n), str(state)
        out.append(n)
    for position in (1, 3):  # no third or fourth player
        assert all(lines[y][x] == "." for x, y in MAEDN_OUT[4 * position:4 * position + 4])
    # The observation tensor (player 0's view) must say the same.
    t = [int(v) for v in state.observation_tensor(0)]
    for i, field in enumerate(MAEDN_TENSOR_FIELDS):
        x, y = MAEDN_FIELDS[field]
        assert t[4 * i:4 * i + 4] == [grid[y][x // 2] == m for m in "RB"] + [0, 0], str(state)
    assert t[224:228] == out + [0, 0], str(state)
    assert t[228:232] == [player == 0, player == 1, 0, 0], str(state)
    assert t[232:238] == [dice == d for d in range(1, 7)], str(state)
    for side, n in zip("RB", out):
        assert sum(row.count(side) for row in grid) + n == 4, str(state)
    hand = "".join(("" if n == 1 else str(n)) + side for side, n in zip("RB", out) if n)
    return ["".join(row) for row in grid] + [hand or "-", "RB"[player], str(dice)]


BACKGAMMON_CHECKERS = 15  # per side, in the default game (not hyper_backgammon)


def backgammon_drawing(lines):
    """The checkers on OpenSpiel's 24 points as its ToString drawing shows them (its first 13
    lines): a list of 24 (count, letter) pairs, letter `x`, `o` or `` (empty). Point p < 12 is
    drawn upwards from row 11, p >= 12 downwards from row 1, in column 13 - p (p < 6), 12 - p
    (6 <= p < 12), p - 11 (12 <= p < 18) or p - 10 (p >= 18); up to 5 checkers are drawn, and
    from 6 on the count replaces the checker nearest the edge (10-15: two digits, reading
    away from the edge)."""
    points = []
    for p in range(24):
        row, step = (11, -1) if p < 12 else (1, 1)
        col = (13 - p if p < 6 else 12 - p) if p < 12 else (p - 11 if p < 18 else p - 10)
        cells = [lines[row + i * step][col] for i in range(5)]
        letters = set(c for c in cells if c in "xo")
        assert len(letters) <= 1, cells
        letter = letters.pop() if letters else ""
        if cells[0].isdigit() and cells[1].isdigit():
            tens, units = (cells[1], cells[0]) if p < 12 else (cells[0], cells[1])
            assert tens == "1" and cells[2:] == [letter] * 3, cells
            count = 10 + int(units)
        elif cells[0].isdigit():
            assert cells[1:] == [letter] * 4 and int(cells[0]) > 5, cells
            count = int(cells[0])
        else:
            count = len(cells) - cells.count(".")
            assert cells == [letter] * count + ["."] * (5 - count), cells
        points.append((count, letter))
    return points


def backgammon_input(state):
    """The position as backgammon.rules' input reads it (default game only; a decision state:
    the dice rolled, the action not yet taken), 4 lines:
    - the grid, 2 rows of 14 tokens: the top row is OpenSpiel's points 12..17, o's bar, points
      18..23, x's checkers borne off; the bottom row points 11..6, x's bar, points 5..0, o's
      checkers borne off. A token is `.` for an empty square, else the count and the side: `x`
      for player 0 (kXPlayerId: enters on points 0-5, moves up, bears off past 23), `o` for
      player 1 (enters on 23-18, moves down, bears off past 0), as `2x`, `1o`;
    - the side to move, `x` or `o`;
    - the roll: the two dice as OpenSpiel holds them (sorted, smaller first), as `3-5`, `4-4`,
      followed by ` again` when this is the second action of a double (OpenSpiel's
      double_turn_).
    Read from the observation tensor (player 0's view: per point 4 numbers for x's checkers,
    then for o's: count 1, 2, 3 as one-hots, above 3 the count less 3; then x's bar, x's off,
    x to move, o's bar, o's off, o to move, the two dice) and checked against OpenSpiel's
    string (its drawing, `Turn:`, `Extra turn:`, `Dice:`, `Bar:`, `Scores, X: .., O: ..`)
    and against 15 checkers per side."""
    assert state.get_game().get_parameters() == {
        "hyper_backgammon": False, "max_player_turns": 500, "scoring_type": "winloss_scoring"}
    assert not state.is_chance_node() and not state.is_terminal(), str(state)
    t = [int(v) for v in state.observation_tensor(0)]
    assert len(t) == 200 and all(v == w for v, w in zip(t, state.observation_tensor(0)))
    board = [[0] * 24, [0] * 24]  # board[side][point], side 0 = x
    for side in (0, 1):
        for p in range(24):
            v = t[96 * side + 4 * p:96 * side + 4 * p + 4]
            assert v in ([0, 0, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]) or (
                v[:3] == [0, 0, 0] and v[3] > 0), v
            board[side][p] = v[0] + 2 * v[1] + 3 * v[2] + (3 + v[3] if v[3] else 0)
    bar, off, to_move = [t[192], t[195]], [t[193], t[196]], [t[194], t[197]]
    dice = t[198:200]
    player = state.current_player()
    assert to_move == [player == 0, player == 1], str(state)
    assert 1 <= dice[0] <= dice[1] <= 6, dice
    # OpenSpiel's string must say the same.
    lines = str(state).splitlines()
    assert len(lines) == 19, str(state)
    drawn = backgammon_drawing(lines[:13])
    for p in range(24):
        assert not (board[0][p] and board[1][p]), str(state)
        count = board[0][p] + board[1][p]
        letter = "x" if board[0][p] else "o" if board[1][p] else ""
        assert drawn[p] == (count, letter), (p, drawn[p], str(state))
    assert lines[13] == "Turn: " + "xo"[player], str(state)
    assert lines[15] in ("Extra turn: 0", "Extra turn: 1"), str(state)
    double_turn = lines[15] == "Extra turn: 1"
    assert not double_turn or dice[0] == dice[1], str(state)
    assert lines[16] == f"Dice: {dice[0]}{dice[1]}", str(state)
    assert lines[17] == ("Bar: " + "x" * bar[0] + "o" * bar[1] if bar[0] + bar[1] else "Bar:")
    assert lines[18] == f"Scores, X: {off[0]}, O: {off[1]}", str(state)
    for side in (0, 1):
        assert sum(board[side]) + bar[side] + off[side] == BACKGAMMON_CHECKERS, str(state)

    def token(p):
        for side, letter in ((0, "x"), (1, "o")):
            if board[side][p]:
                return f"{board[side][p]}{letter}"
        return "."

    def count(n, letter):
        return f"{n}{letter}" if n else "."

    top = [token(p) for p in range(12, 18)] + [count(bar[1], "o")] + [
        token(p) for p in range(18, 24)] + [count(off[0], "x")]
    bottom = [token(p) for p in range(11, 5, -1)] + [count(bar[0], "x")] + [
        token(p) for p in range(5, -1, -1)] + [count(off[1], "o")]
    roll = f"{dice[0]}-{dice[1]}" + (" again" if double_turn else "")
    return [" ".join(top), " ".join(bottom), "xo"[player], roll]


def backgammon_turn(state):
    """The number of rolls made so far, this turn's included (the first roll counts): the turn
    a backgammon state is in. OpenSpiel ends the game when more than max_player_turns (500)
    turns have been played."""
    return sum(1 for pa in state.full_history() if pa.player == pyspiel.PlayerId.CHANCE)


# Games whose positions are stated without their history: --random computes every count from
# a state rebuilt from the position (OpenSpiel's new_initial_state(text)), never from the state
# the random game reached (whose repetition counts come from the game).
REBUILD = {"shogi": shogi_sfen, "crazyhouse": str}
# States of --random games whose rebuilt state disagreed with them, by kind (reported at the
# end on stderr).
DISAGREED = {}


def action_strings(state):
    if state.is_terminal():
        return []
    p = state.current_player()
    return sorted(state.action_to_string(p, a) for a in state.legal_actions())


def rebuilt(state):
    """The state rebuilt from the position `state` reached, with no history."""
    game = state.get_game()
    return game.new_initial_state(REBUILD[game.get_type().short_name](state))


def rebuilt_agrees(state):
    """Whether the state rebuilt from `state`'s position (no history) is over exactly when
    `state` is and has the same legal actions (by their strings): a position ended by
    repetition, which a position stated alone cannot say, does not qualify."""
    fresh = rebuilt(state)
    if fresh.is_terminal() != state.is_terminal():
        kind = "terminal only in the game" if state.is_terminal() else "terminal only rebuilt"
    elif action_strings(fresh) != action_strings(state):
        kind = "other legal actions"
    else:
        return True
    DISAGREED[kind] = DISAGREED.get(kind, 0) + 1
    return False


# Random games are cut after this many plies (the states after it are not sampled).
PLY_CAP = {"shogi": 600, "crazyhouse": 600}


INPUTS = {"pentago": pentago_input, "ultimate_tic_tac_toe": uttt_input,
          "quoridor": quoridor_input, "nine_mens_morris": morris_input,
          "dots_and_boxes": dots_input, "mancala": mancala_input, "oware": oware_input,
          "xiangqi": xiangqi_input, "shogi": shogi_input, "crazyhouse": crazyhouse_input,
          "maedn": maedn_input, "backgammon": backgammon_input}
# Which states --random may take (by default every state, the start and the end included).
QUALIFIES = {"nine_mens_morris": morris_qualifies, "ultimate_tic_tac_toe": uttt_turn_begins,
             "oware": oware_fresh,
             # Below OpenSpiel's draw at 4 x 81 = 324 moves, which the usual rules lack.
             "quoridor": lambda s: len(s.history()) < 320,
             "dots_and_boxes": lambda s: not s.is_terminal(),
             # Below OpenSpiel's draw at 500 moves, which the usual rules lack.
             "xiangqi": lambda s: len(s.history()) < 497,
             # Positions whose state rebuilt without history agrees (REBUILD).
             "shogi": rebuilt_agrees, "crazyhouse": rebuilt_agrees,
             # A decision state: the die rolled, the move not made, the game not over.
             "maedn": lambda s: not s.is_chance_node() and not s.is_terminal(),
             # A decision state (the dice rolled, the action not taken, the game not over) far
             # from OpenSpiel's end after 500 turns, which the usual rules lack.
             "backgammon": lambda s: (not s.is_chance_node() and not s.is_terminal()
                                      and backgammon_turn(s) <= 450)}
# Games whose --random positions also get `endings D TEXT=N, ...` lines: every game to its end
# from positions with at most ENDINGS_LEFT plies left (the results in the rules file's words).
RESULTS = {"dots_and_boxes": dots_result}
ENDINGS_LEFT = 7


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--random", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--actions", default="",
                    help="OpenSpiel actions (chance outcomes too), comma-separated, played from "
                         "the start before the perft from the start (maedn: 5 is a roll of 6)")
    a = ap.parse_args()
    game = pyspiel.load_game(a.game)
    print(f"# OpenSpiel {version('open_spiel')}, game {a.game} with {game.get_parameters()}")
    if a.random == 0:
        state = game.new_initial_state()
        if a.actions:
            for action in a.actions.split(","):
                state.apply_action(int(action))
            print(f"# after actions {a.actions}, the position:")
            try:
                lines = INPUTS[a.game](state)
            except (KeyError, AssertionError):  # no input written for it: OpenSpiel's string
                lines = str(state).splitlines()
            for line in lines:
                print(f"#   {line}")
        for d in range(1, a.depth + 1):
            t = time.perf_counter()
            n = perft(state, d)
            print(f"perft {d} {n}  # {time.perf_counter() - t:.1f} s", flush=True)
        return
    rng = random.Random(a.seed)
    to_input = INPUTS[a.game]
    found, g = 0, 0
    while found < a.random:
        g += 1
        state = game.new_initial_state()
        states = [state.clone()]
        # The moves (actions not of chance) played before each state of `states`: its index,
        # unless the game has chance nodes (maedn's rolls are not counted).
        moves, made = [0], 0
        while not state.is_terminal() and len(states) <= PLY_CAP.get(a.game, len(states)):
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                made += 1
            if not state.is_chance_node():
                states.append(state.clone())
                moves.append(made)
        plies = [i for i, st in enumerate(states) if QUALIFIES.get(a.game, lambda _: True)(st)]
        if not plies:
            continue
        found += 1
        ply = plies[rng.randrange(len(plies))]
        s = states[ply]
        print(f"\nposition seed {a.seed} game {g} ply {moves[ply]}")
        for line in to_input(s):
            print(f"  {line}")
        if a.game in REBUILD:
            # The counts of the position as stated, without the game's history.
            s = rebuilt(s)
            assert str(s).split(" ")[:-1] == str(states[ply]).split(" ")[:-1], str(s)
        for d in range(1, a.depth + 1):
            print(f"perft {d} {perft(s, d)}")
        left = len(states) - 1 - ply
        if a.game in RESULTS and left <= ENDINGS_LEFT:
            tally = {}
            endings(s, left, RESULTS[a.game], tally)
            print(f"endings {left} " + ", ".join(f"{k}={v}" for k, v in sorted(tally.items())))
        sys.stdout.flush()
    if a.game in REBUILD:
        print(f"# states whose rebuilt state disagreed: {DISAGREED or 'none'}", file=sys.stderr)


if __name__ == "__main__":
    main()
