"""Every text a player reads in Dizzle (refusal reasons, event formats, option help), by name.

They were one string split at import and read as TEXT[n] (by the line number), to keep
the heap small when every module had to compile from source on the console. From .mpy
files, as the console loads them now, the names cost 736 bytes of heap more (importing
the rules: 40,896 -> 41,632 B on the 64-bit unix port, 1.8%): the price of reading
`texts.OFF_SHEET` instead of `TEXT[6]  # That is off the sheet`.
"""

GAME_OVER = 'The game is over'
NOT_STARTED = 'The game has not started'
GIVE_BACK_FIRST = 'First give back one of your dice from this turn'
CHOOSE_PLANET_FIRST = 'First choose a planet for your rocket'
NOT_YOUR_GO = "It is %s's go, not yours"
NOT_ON_TABLE = 'There is no %s on the table'
OFF_SHEET = 'That is off the sheet'
NEEDS_PIPS = 'That field needs a %d, not a %d'
JUMP_ONLY_BOXED_IN = 'You may only jump when your dice are boxed in'
NEXT_TO_TURN_DICE = 'Put it next to your dice from this turn'
BOXED_IN_JUMP = 'You are boxed in: jump next to any X'
FIRST_NEXT_TO_X = 'Your first die must go next to an X'
NO_FIELD = 'There is no field there'
FIELD_CROSSED = 'That field is already crossed'
DIE_THERE = 'Your die already lies there'
FIELD_BLOWN = 'A bomb blew that field up'
KEY_NOT_YET = 'Your %s key only counts from your next turn'
LOCK_NEEDS_KEY = 'The %s lock opens once you have crossed a %s key'
NOT_A_SAVE = 'not a Dizzle save'
EV_MARKS_X = '%s marks %d X'
EV_BOMB_HITS = 'Bomb %s by %s hits %s'
EV_BOMBS_BLEW = '%d bomb(s) blew up'
EV_FLAG = '%s: flag %s, +%d'
EV_ROCKET_NO_PLANET = "%s's rocket finds no planet"
EV_SHEET_FULL = "%s's sheet is full: the game ends"
EV_GAME_OVER = 'Game over: %s win%s with %d'
HELP_LEVEL = 'sheet 1-4 (4 hardest)'
HELP_START = 'first start player, -1 random'
HELP_CLUSTER = 'later dice join any/newest group'
HELP_REROLLS = 'roll-agains a turn, 0 no limit'
HELP_SOLO_BOMB = 'solo: bombs plain or blow up'
HELP_BOMB_ROUND = 'solo: bombs blow up after round'
HELP_FLAG_ROUND = 'solo: flags score high to round'
WHEN_ROLL = 'You roll again only when no die fits'
WHEN_DROP = 'You drop out only when no die fits'
WHEN_BACK = 'You give a die back only after an unlucky roll again'
WHEN_PLANET = 'Planets are chosen for rockets at the end of a turn'
PLAYERS_RANGE = 'Dizzle takes %d to %d players'
START_RANGE = "option 'start' must be below %d"
FIELD_FORMAT = 'Write a field as row,column from 1,1 (like 3,4)'
UNKNOWN_ACTION = "Unknown action '%s'"
MUST_TAKE = 'A die fits: you must take one'
NO_MORE_REROLLS = 'No more rolling again this turn: drop out'
BAD_FACES = 'Dizzle forces die faces 1-6, not %r'
NOT_NEXT_TO_TURN_DICE = 'None of your dice from this turn lies there'
NOT_A_PLANET = 'That is not a planet'
PLANET_CROSSED = 'That planet is already crossed'
PLANET_BLOWN = 'That planet was blown up'
EV_PLACES = '%s %s on %s%s'
EV_JUMPS = '%s jumps: %s on %s%s'
EV_DROPS_OUT = '%s drops out'
EV_ROLLS_AGAIN = '%s rolls again: %s'
EV_NO_FIT = '%s: no fit, nothing to give back'
EV_GIVES_BACK = '%s gives back the %d from %s'
EV_ROCKET_LANDS = "%s's rocket lands on planet %s"
EV_ROUND_ROLLS = 'Round %d: %s rolls %s'
EV_LAST_ONE_IN = '%s is the last one in: one more go'
START_FIELD_CROSSED = 'That is a start field: it is already crossed'

# why a field is taken, by its state on the sheet (EMPTY is free: no text)
FIELD_TAKEN = (NO_FIELD, FIELD_CROSSED, DIE_THERE, FIELD_BLOWN)
