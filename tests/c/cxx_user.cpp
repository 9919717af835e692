// A C++17 user's tryout of the one function set (session 15, layout version 6): random rounds of
// every game through count + index with out-of-turn seats, states copied with memcpy and resumed,
// older layouts refused, refused calls leave the bytes alone, the size-query conventions.
#include "parlor.h"

#include "check.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace {

const ParlorGame GAMES[4] = {PARLOR_GAME_DOMINOES, PARLOR_GAME_TICHU, PARLOR_GAME_DOUDIZHU, PARLOR_GAME_MAHJONG};

struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
};

ParlorRound new_round(ParlorGame game, uint64_t seed) {
    ParlorConfig config;
    ParlorRound round;
    std::memset(&round, 0, sizeof round);
    CHECK_EQ_U(parlor_config_preset(game, "", 0, &config), PARLOR_OK);
    CHECK_EQ_U(parlor_round_new(&config, seed, &round), PARLOR_OK);
    return round;
}

std::string action_text(ParlorGame game, uint64_t code) {
    char text[256];
    size_t len = 0;
    CHECK_EQ_U(parlor_action_text(game, code, text, sizeof text, &len), PARLOR_OK);
    return std::string(text, len);
}

// One uniformly random (seat, action) pair among every seat that may act, by count + index.
// Checks, for every seat, that may_act, the count, the list and a bot agree. Returns false once
// the round is over; `out_of_turn` receives the text of an action taken by a seat not in turn.
bool random_step(ParlorRound &round, ParlorGame game, Rng &rng, std::vector<std::string> *out_of_turn) {
    uint32_t to_act = 0, seats = 0;
    CHECK_EQ_U(parlor_round_to_act(&round, &to_act), PARLOR_OK);
    CHECK_EQ_U(parlor_round_seats(&round, &seats), PARLOR_OK);
    if (to_act == PARLOR_NO_SEAT) return false;
    size_t counts[PARLOR_MAX_SEATS] = {0, 0, 0, 0}, sum = 0;
    for (uint32_t seat = 0; seat < seats; seat++) {
        uint8_t may = 2;
        uint64_t code = 0;
        size_t total = 0;
        CHECK_EQ_U(parlor_round_may_act(&round, seat, &may), PARLOR_OK);
        CHECK_EQ_U(parlor_round_legal_action_count(&round, seat, &counts[seat]), PARLOR_OK);
        CHECK_EQ_U(parlor_round_legal_actions(&round, seat, nullptr, 0, &total), PARLOR_OK);
        CHECK_EQ_U(total, counts[seat]);
        CHECK_EQ_U(may, counts[seat] > 0 ? 1 : 0);
        if (seat == to_act) CHECK_EQ_U(may, 1);
        ParlorStatus bot = parlor_bot_choose(&round, seat, PARLOR_BOT_LOWEST, 0, nullptr, 0, &code);
        CHECK_EQ_U(bot, may ? PARLOR_OK : PARLOR_ERR_NOT_YOUR_TURN);
        sum += counts[seat];
    }
    size_t pick = static_cast<size_t>(rng.next() % sum);
    uint32_t seat = 0;
    while (pick >= counts[seat]) pick -= counts[seat++];
    uint64_t code = 0;
    CHECK_EQ_U(parlor_round_legal_action_at(&round, seat, pick, &code), PARLOR_OK);
    if (counts[seat] <= 64) {
        std::vector<uint64_t> all(counts[seat]);
        size_t total = 0;
        CHECK_EQ_U(parlor_round_legal_actions(&round, seat, all.data(), all.size(), &total), PARLOR_OK);
        CHECK(all[pick] == code);
    }
    if (seat != to_act && out_of_turn) out_of_turn->push_back(action_text(game, code));
    CHECK_EQ_U(parlor_round_apply(&round, seat, code, nullptr), PARLOR_OK);
    return true;
}

// may_act for every seat agrees with the legal actions and the bots in every game, out-of-turn
// rights included (layout 5 and 6 ask the held round for seats not in turn): Tichu bombs and
// calls out of turn, Riichi calls by a seat the window has not reached.
void test_may_act_agrees_with_the_legal_actions_in_every_game() {
    std::vector<std::string> tichu_out_of_turn, mahjong_out_of_turn;
    for (ParlorGame game : GAMES) {
        uint64_t rounds = game == PARLOR_GAME_TICHU ? 60 : 20;  // Tichu: bombs out of turn are rare
        for (uint64_t seed = 0; seed < rounds; seed++) {
            ParlorRound round = new_round(game, seed);
            Rng rng{seed};
            std::vector<std::string> *seen = game == PARLOR_GAME_TICHU     ? &tichu_out_of_turn
                                             : game == PARLOR_GAME_MAHJONG ? &mahjong_out_of_turn
                                                                           : nullptr;
            unsigned steps = 0;
            while (random_step(round, game, rng, seen) && steps < 2000) steps++;
            uint32_t to_act = 0;
            CHECK_EQ_U(parlor_round_to_act(&round, &to_act), PARLOR_OK);
            CHECK_EQ_U(to_act, PARLOR_NO_SEAT);
        }
    }
    unsigned bombs = 0, mahjong_calls = 0;
    for (const std::string &text : tichu_out_of_turn) bombs += text.rfind("play", 0) == 0;
    for (const std::string &text : mahjong_out_of_turn) mahjong_calls += text.rfind("pass", 0) != 0;
    std::printf("out of turn: %u Tichu bombs, %u Riichi calls\n", bombs, mahjong_calls);
    CHECK(bombs >= 1);          // a bomb played out of turn went through
    CHECK(mahjong_calls >= 1);  // so did a Riichi call by a seat not in turn
}

// A state is plain bytes: memcpy it anywhere (an odd offset of a byte buffer included), copy
// it back and resume; both copies reach the same bytes.
void test_memcpy_copies_resume_in_every_game() {
    for (ParlorGame game : GAMES) {
        ParlorRound round = new_round(game, 5);
        Rng rng{5};
        for (int i = 0; i < 9; i++) CHECK(random_step(round, game, rng, nullptr));
        std::vector<unsigned char> bytes(sizeof(ParlorRound) + 3);
        std::memcpy(bytes.data() + 3, &round, sizeof round);
        ParlorRound resumed;
        std::memcpy(&resumed, bytes.data() + 3, sizeof resumed);
        Rng rng2 = rng;
        while (random_step(round, game, rng, nullptr)) {
        }
        while (random_step(resumed, game, rng2, nullptr)) {
        }
        CHECK(std::memcmp(&round, &resumed, sizeof round) == 0);
        ParlorMatch match, copy;
        ParlorConfig config;
        CHECK_EQ_U(parlor_config_preset(game, "", 0, &config), PARLOR_OK);
        CHECK_EQ_U(parlor_match_new(&config, 5, &match), PARLOR_OK);
        for (int i = 0; i < 30; i++) {
            uint32_t seat = 0;
            uint64_t code = 0;
            CHECK_EQ_U(parlor_match_to_act(&match, &seat), PARLOR_OK);
            CHECK_EQ_U(parlor_match_round(&match, &round), PARLOR_OK);
            CHECK_EQ_U(parlor_bot_choose(&round, seat, PARLOR_BOT_RANDOM, i, nullptr, 0, &code), PARLOR_OK);
            if (i == 10) std::memcpy(&copy, &match, sizeof match);
            if (i >= 10) CHECK_EQ_U(parlor_match_apply(&copy, seat, code, nullptr), PARLOR_OK);
            CHECK_EQ_U(parlor_match_apply(&match, seat, code, nullptr), PARLOR_OK);
        }
        CHECK(std::memcmp(&match, &copy, sizeof match) == 0);
    }
}

// The layout version is byte 4 (9 now): a state of layout 8 or older, or newer, is refused by
// every call, rounds and matches alike, and nothing is written.
void test_other_layout_versions_are_refused() {
    for (ParlorGame game : GAMES) {
        ParlorRound round = new_round(game, 2);
        CHECK_EQ_U(reinterpret_cast<const uint8_t *>(&round)[4], 9);
        ParlorConfig config;
        ParlorMatch match;
        CHECK_EQ_U(parlor_config_preset(game, "", 0, &config), PARLOR_OK);
        CHECK_EQ_U(parlor_match_new(&config, 2, &match), PARLOR_OK);
        for (uint8_t version : {uint8_t(1), uint8_t(4), uint8_t(5), uint8_t(6), uint8_t(7), uint8_t(8), uint8_t(10)}) {
            ParlorRound old = round;
            ParlorMatch old_match = match;
            reinterpret_cast<uint8_t *>(&old)[4] = version;
            reinterpret_cast<uint8_t *>(&old_match)[4] = version;
            const ParlorRound old_before = old;
            const ParlorMatch old_match_before = old_match;
            uint32_t seat = 0;
            uint8_t may = 0;
            size_t count = 0;
            uint64_t code = 0;
            CHECK_EQ_U(parlor_round_to_act(&old, &seat), PARLOR_ERR_INVALID_STATE);
            CHECK_EQ_U(parlor_round_may_act(&old, 1, &may), PARLOR_ERR_INVALID_STATE);
            CHECK_EQ_U(parlor_round_legal_action_count(&old, 0, &count), PARLOR_ERR_INVALID_STATE);
            CHECK_EQ_U(parlor_round_apply(&old, 0, 0, nullptr), PARLOR_ERR_INVALID_STATE);
            CHECK_EQ_U(parlor_bot_choose(&old, 0, PARLOR_BOT_LOWEST, 0, nullptr, 0, &code), PARLOR_ERR_INVALID_STATE);
            CHECK_EQ_U(parlor_match_to_act(&old_match, &seat), PARLOR_ERR_INVALID_STATE);
            CHECK_EQ_U(parlor_match_may_act(&old_match, 1, &may), PARLOR_ERR_INVALID_STATE);
            CHECK_EQ_U(parlor_match_apply(&old_match, 0, 0, nullptr), PARLOR_ERR_INVALID_STATE);
            CHECK(std::memcmp(&old, &old_before, sizeof old) == 0);
            CHECK(std::memcmp(&old_match, &old_match_before, sizeof old_match) == 0);
        }
    }
}

// A refused apply (unknown code, illegal code, a seat not in turn, no such seat) leaves all 800
// bytes and the step as they were.
void test_refused_applies_change_nothing() {
    for (ParlorGame game : GAMES) {
        ParlorRound round = new_round(game, 11);
        Rng rng{11};
        for (int i = 0; i < 5; i++) CHECK(random_step(round, game, rng, nullptr));
        const ParlorRound before = round;
        uint32_t to_act = 0, seats = 0;
        CHECK_EQ_U(parlor_round_to_act(&round, &to_act), PARLOR_OK);
        CHECK_EQ_U(parlor_round_seats(&round, &seats), PARLOR_OK);
        size_t count = 0;
        CHECK_EQ_U(parlor_round_legal_action_count(&round, to_act, &count), PARLOR_OK);
        std::vector<uint64_t> legal(count);
        CHECK_EQ_U(parlor_round_legal_actions(&round, to_act, legal.data(), count, &count), PARLOR_OK);
        uint64_t illegal = PARLOR_ACTION_NONE;
        for (uint64_t code = 0; code < 100000 && illegal == PARLOR_ACTION_NONE; code++) {
            size_t len = 0;
            bool is_legal = false;
            for (uint64_t l : legal) is_legal = is_legal || l == code;
            if (!is_legal && parlor_action_text(game, code, nullptr, 0, &len) == PARLOR_OK) illegal = code;
        }
        CHECK(illegal != PARLOR_ACTION_NONE);
        ParlorStep step;
        std::memset(&step, 0x5A, sizeof step);
        const ParlorStep step_before = step;
        CHECK_EQ_U(parlor_round_apply(&round, to_act, illegal, &step), PARLOR_ERR_ILLEGAL_ACTION);
        CHECK_EQ_U(parlor_round_apply(&round, to_act, PARLOR_ACTION_NONE, &step), PARLOR_ERR_UNKNOWN_ACTION);
        CHECK_EQ_U(parlor_round_apply(&round, seats, legal[0], &step), PARLOR_ERR_NO_SUCH_SEAT);
        for (uint32_t seat = 0; seat < seats; seat++) {
            uint8_t may = 1;
            CHECK_EQ_U(parlor_round_may_act(&round, seat, &may), PARLOR_OK);
            if (!may) CHECK_EQ_U(parlor_round_apply(&round, seat, legal[0], &step), PARLOR_ERR_NOT_YOUR_TURN);
        }
        CHECK(std::memcmp(&round, &before, sizeof round) == 0);
        CHECK(std::memcmp(&step, &step_before, sizeof step) == 0);
    }
}

// Regression (C++ tryout, session 15): docs/c-abi.md and the header's preamble said capacity 0
// with a null length pointer is PARLOR_ERR_BUFFER_TOO_SMALL "in every function"; that holds
// where the length pointer is optional (the texts), while a required one (a list's total, a
// count, a byte form's length) is PARLOR_ERR_NULL_POINTER, as the docs now say.
void test_regression_size_query_null_length_by_kind_of_pointer() {
    for (ParlorGame game : GAMES) {
        ParlorConfig config;
        ParlorMatch match;
        ParlorRound round = new_round(game, 4);
        CHECK_EQ_U(parlor_config_preset(game, "", 0, &config), PARLOR_OK);
        CHECK_EQ_U(parlor_match_new(&config, 4, &match), PARLOR_OK);
        CHECK_EQ_U(parlor_round_legal_actions(&round, 0, nullptr, 0, nullptr), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_round_outcome(&round, nullptr, 0, nullptr), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_round_encode(&round, nullptr, 0, nullptr), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_match_scores(&match, nullptr, 0, nullptr), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_match_result(&match, nullptr, 0, nullptr), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_match_encode(&match, nullptr, 0, nullptr), PARLOR_ERR_NULL_POINTER);
        CHECK_EQ_U(parlor_round_view(&round, 0, nullptr, 0, nullptr), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(parlor_action_text(game, 0, nullptr, 0, nullptr) == PARLOR_ERR_BUFFER_TOO_SMALL ||
                       parlor_action_text(game, 0, nullptr, 0, nullptr) == PARLOR_ERR_UNKNOWN_ACTION,
                   1);
        CHECK_EQ_U(parlor_config_key(game, 0, PARLOR_KEY_NAME, nullptr, 0, nullptr), PARLOR_ERR_BUFFER_TOO_SMALL);
        CHECK_EQ_U(parlor_config_preset_name(game, 0, nullptr, 0, nullptr), PARLOR_ERR_BUFFER_TOO_SMALL);
    }
}

// Regression (C++ tryout, session 15): parlor_round_decode and parlor_match_decode read the byte
// form of dominoes and Dou Dizhu from a longer buffer and ignored the rest (Tichu and Riichi
// refused it), and a Dou Dizhu match's bytes read as a round answered PARLOR_ERR_INVALID_CONFIG,
// which the decode calls do not document. Now a byte more or less, or the other kind's bytes,
// are PARLOR_ERR_INVALID_STATE in every game, and nothing is written.
void test_regression_decode_takes_exactly_the_byte_form() {
    for (ParlorGame game : GAMES) {
        ParlorConfig config;
        ParlorMatch match;
        ParlorRound round = new_round(game, 6);
        CHECK_EQ_U(parlor_config_preset(game, "", 0, &config), PARLOR_OK);
        CHECK_EQ_U(parlor_match_new(&config, 6, &match), PARLOR_OK);
        std::vector<uint8_t> round_bytes(2048, 0), match_bytes(2048, 0);
        size_t round_len = 0, match_len = 0;
        CHECK_EQ_U(parlor_round_encode(&round, round_bytes.data(), round_bytes.size(), &round_len), PARLOR_OK);
        CHECK_EQ_U(parlor_match_encode(&match, match_bytes.data(), match_bytes.size(), &match_len), PARLOR_OK);
        ParlorRound out_round;
        ParlorMatch out_match;
        std::memset(&out_round, 0x77, sizeof out_round);
        std::memset(&out_match, 0x77, sizeof out_match);
        const ParlorRound round_before = out_round;
        const ParlorMatch match_before = out_match;
        for (size_t extra : {size_t(1), size_t(7)}) {
            CHECK_EQ_U(parlor_round_decode(game, round_bytes.data(), round_len + extra, &out_round),
                       PARLOR_ERR_INVALID_STATE);
            CHECK_EQ_U(parlor_match_decode(game, match_bytes.data(), match_len + extra, &out_match),
                       PARLOR_ERR_INVALID_STATE);
        }
        CHECK_EQ_U(parlor_round_decode(game, round_bytes.data(), round_len - 1, &out_round), PARLOR_ERR_INVALID_STATE);
        CHECK_EQ_U(parlor_match_decode(game, match_bytes.data(), match_len - 1, &out_match), PARLOR_ERR_INVALID_STATE);
        CHECK_EQ_U(parlor_round_decode(game, match_bytes.data(), match_len, &out_round), PARLOR_ERR_INVALID_STATE);
        CHECK_EQ_U(parlor_match_decode(game, round_bytes.data(), round_len, &out_match), PARLOR_ERR_INVALID_STATE);
        CHECK(std::memcmp(&out_round, &round_before, sizeof out_round) == 0);
        CHECK(std::memcmp(&out_match, &match_before, sizeof out_match) == 0);
        CHECK_EQ_U(parlor_round_decode(game, round_bytes.data(), round_len, &out_round), PARLOR_OK);
        CHECK_EQ_U(parlor_match_decode(game, match_bytes.data(), match_len, &out_match), PARLOR_OK);
        CHECK(std::memcmp(&out_round, &round, sizeof round) == 0);
        CHECK(std::memcmp(&out_match, &match, sizeof match) == 0);
    }
}

}  // namespace

int main() {
    test_may_act_agrees_with_the_legal_actions_in_every_game();
    test_memcpy_copies_resume_in_every_game();
    test_other_layout_versions_are_refused();
    test_refused_applies_change_nothing();
    test_regression_size_query_null_length_by_kind_of_pointer();
    test_regression_decode_takes_exactly_the_byte_form();
    return CHECK_SUMMARY();
}
