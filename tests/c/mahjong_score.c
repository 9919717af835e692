/* Riichi hand value through the C ABI from C99: a riichi pinfu tsumo (4 han 20 fu, 1300/2600),
 * a red five making it mangan, a ron with honba and sticks, a double yakuman under the
 * mahjong-soul preset, "no yaku", and the input checks (duplicate ids, bad flags, bad melds,
 * null pointers). Tiles are 136-form ids: kind code x 4 + copy; 16, 52, 88 are the red fives. */
#include "parlor.h"
#include "check.h"

static uint8_t id(int kind, int copy) { return (uint8_t)(kind * 4 + copy); }

/* 234m 567p 23455s 678s, winning on 8s. `red_pin`: the 5p is the red one. */
static ParlorMahjongWin pinfu_hand(int red_pin) {
    ParlorMahjongWin win;
    const int kinds[14] = {1, 2, 3, 13, 14, 15, 19, 20, 21, 22, 22, 23, 24, 25};
    int i;
    memset(&win, 0, sizeof win);
    for (i = 0; i < 14; i++) {
        int copy = (kinds[i] % 9 == 4) ? 1 : 0; /* plain fives are copies 1-3 */
        if (i == 10) copy = 2;
        win.closed[i] = id(kinds[i], copy);
    }
    if (red_pin) win.closed[3] = 52;
    win.closed_len = 14;
    win.winning = id(25, 0);
    win.seat = 1; /* South: not the dealer */
    win.round = 0;
    win.riichi = 1;
    win.tsumo = 1;
    return win;
}

int main(void) {
    ParlorMahjongConfig online, soul;
    ParlorMahjongValue v;
    ParlorMahjongWin win;
    int i;

    CHECK_EQ_U(parlor_mahjong_config_preset(0, &online), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_config_preset(1, &soul), PARLOR_OK);
    CHECK_EQ_U(parlor_mahjong_config_preset(4, &soul), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(online.open_tanyao, 1);
    CHECK_EQ_U(online.three_player, 0);
    CHECK_EQ_U(online.double_suuankou_tanki, 0);
    CHECK_EQ_U(soul.double_suuankou_tanki, 1);

    /* Riichi, menzen tsumo, pinfu, tanyao: 4 han 20 fu. */
    win = pinfu_hand(0);
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_OK);
    CHECK_EQ_U(v.han, 4);
    CHECK_EQ_U(v.fu, 20);
    CHECK_EQ_U(v.yaku_len, 4);
    CHECK_EQ_U(v.yaku[0].code, 1); /* riichi */
    CHECK_EQ_U(v.yaku[1].code, 4); /* menzen tsumo */
    CHECK_EQ_U(v.yaku[2].code, 5); /* pinfu */
    CHECK_EQ_U(v.yaku[3].code, 8); /* tanyao */
    CHECK_EQ_U(v.fu_len, 1);
    CHECK_EQ_U(v.fu_items[0].kind, PARLOR_MAHJONG_FU_BASE);
    CHECK_EQ_U(v.dealer, 2600);
    CHECK_EQ_U(v.non_dealer, 1300);
    CHECK_EQ_U(v.total, 5200);
    CHECK_EQ_U(v.limit, 0);

    /* The red 5p: one more han, mangan 2000/4000. */
    win = pinfu_hand(1);
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_OK);
    CHECK_EQ_U(v.red, 1);
    CHECK_EQ_U(v.han, 5);
    CHECK_EQ_U(v.limit, 1);
    CHECK_EQ_U(v.total, 8000);

    /* Ron with 2 honba and 1 riichi stick: riichi pinfu tanyao 3 han 30 fu = 3900 + 600. */
    win = pinfu_hand(0);
    win.tsumo = 0;
    win.honba = 2;
    win.riichi_sticks = 1;
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_OK);
    CHECK_EQ_U(v.fu, 30);
    CHECK_EQ_U(v.ron, 4500);
    CHECK_EQ_U(v.total, 4500);
    CHECK_EQ_U(v.sticks, 1000);

    /* Suuankou tanki: 111m 222p 333s 444z 55z, tsumo on 5z; single online, double mahjong-soul. */
    memset(&win, 0, sizeof win);
    {
        const int kinds[14] = {0, 0, 0, 10, 10, 10, 20, 20, 20, 30, 30, 30, 31, 31};
        for (i = 0; i < 14; i++) win.closed[i] = id(kinds[i], i % 3 + (i == 13));
    }
    win.closed_len = 14;
    win.winning = win.closed[13];
    win.seat = 2;
    win.tsumo = 1;
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_OK);
    CHECK_EQ_U(v.yakuman, 1);
    CHECK_EQ_U(v.yaku[0].code, 43);
    CHECK_EQ_U(v.total, 32000);
    CHECK_EQ_U(parlor_mahjong_score(&win, &soul, &v), PARLOR_OK);
    CHECK_EQ_U(v.yakuman, 2);
    CHECK_EQ_U(v.total, 64000);
    CHECK_EQ_U(v.limit, 6);

    /* No yaku: the pinfu hand with an open chii of 234m, winning on 8s by ron... under the
     * mahjong-pypi preset (no open tanyao). */
    {
        ParlorMahjongConfig pypi;
        ParlorMahjongWin open = pinfu_hand(0);
        CHECK_EQ_U(parlor_mahjong_config_preset(2, &pypi), PARLOR_OK);
        open.riichi = 0;
        open.tsumo = 0;
        open.melds[0].kind = PARLOR_MAHJONG_MELD_CHII;
        open.melds[0].tiles[0] = open.closed[0];
        open.melds[0].tiles[1] = open.closed[1];
        open.melds[0].tiles[2] = open.closed[2];
        open.melds[0].called = 0;
        open.melds[0].from = 0; /* East is before South */
        open.melds_len = 1;
        for (i = 0; i < 11; i++) open.closed[i] = open.closed[i + 3];
        open.closed_len = 11;
        CHECK_EQ_U(parlor_mahjong_score(&open, &pypi, &v), PARLOR_MAHJONG_ERR_NO_YAKU);
        CHECK_EQ_U(parlor_mahjong_score(&open, &online, &v), PARLOR_OK);
        CHECK_EQ_U(v.fu, 30);
        CHECK_EQ_U(v.ron, 1000);
        open.melds[0].from = 2; /* a chii from the seat after: refused */
        CHECK_EQ_U(parlor_mahjong_score(&open, &online, &v), PARLOR_MAHJONG_ERR_CALLED_FROM_WRONG_SEAT);
        open.melds[0].from = 0;
        open.melds[0].kind = PARLOR_MAHJONG_MELD_PON; /* 234m is not a pon */
        CHECK_EQ_U(parlor_mahjong_score(&open, &online, &v), PARLOR_MAHJONG_ERR_BAD_MELD);
        open.melds[0].kind = 9;
        CHECK_EQ_U(parlor_mahjong_score(&open, &online, &v), PARLOR_ERR_INVALID_ARGUMENT);
    }

    /* Three players (preset 3, tenhou-sanma): the same tsumo without the missing seat's share
     * (2600 + 1300), and with one North set aside a mangan (4000 + 2000); Norths set aside under
     * four-player rules are refused. */
    {
        ParlorMahjongConfig sanma;
        CHECK_EQ_U(parlor_mahjong_config_preset(3, &sanma), PARLOR_OK);
        CHECK_EQ_U(sanma.three_player, 1);
        win = pinfu_hand(0);
        CHECK_EQ_U(parlor_mahjong_score(&win, &sanma, &v), PARLOR_OK);
        CHECK_EQ_U(v.total, 3900);
        win.nukidora = 1;
        CHECK_EQ_U(parlor_mahjong_score(&win, &sanma, &v), PARLOR_OK);
        CHECK_EQ_U(v.han, 5);
        CHECK_EQ_U(v.total, 6000);
        CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_MAHJONG_ERR_CONFLICTING_FLAGS);
    }

    /* Input checks. */
    win = pinfu_hand(0);
    win.closed[1] = win.closed[0];
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_MAHJONG_ERR_DUPLICATE_TILE_ID);
    win = pinfu_hand(0);
    win.tsumo = 2;
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_ERR_INVALID_ARGUMENT);
    win = pinfu_hand(0);
    win.flags = PARLOR_MAHJONG_FLAG_HOUTEI;
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_MAHJONG_ERR_CONFLICTING_FLAGS);
    win = pinfu_hand(0);
    win.closed_len = 13;
    win.winning = win.closed[0];
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_MAHJONG_ERR_WRONG_TILE_COUNT);
    win = pinfu_hand(0);
    win.winning = 135;
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_MAHJONG_ERR_WINNING_TILE_NOT_IN_HAND);
    win = pinfu_hand(0);
    win.closed_len = 15;
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_ERR_INVALID_ARGUMENT);
    online.double_wind_pair_fu = 3;
    win = pinfu_hand(0);
    CHECK_EQ_U(parlor_mahjong_score(&win, &online, &v), PARLOR_ERR_INVALID_ARGUMENT);
    CHECK_EQ_U(parlor_mahjong_score(NULL, &online, &v), PARLOR_ERR_NULL_POINTER);
    CHECK_EQ_U(parlor_mahjong_score(&win, &soul, NULL), PARLOR_ERR_NULL_POINTER);
    CHECK_STR(parlor_status_str(PARLOR_MAHJONG_ERR_NO_YAKU), "mahjong: no yaku");
    CHECK_STR(parlor_status_str(PARLOR_MAHJONG_ERR_DUPLICATE_TILE_ID), "mahjong: the same tile id twice");
    return CHECK_SUMMARY();
}
