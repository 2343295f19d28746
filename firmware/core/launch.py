"""A picked game started after a reset, in a clean heap (see main.run).

Loaded only for the moment it is used, and let go at once: the launcher writes the
pick down just before the reset, and the next boot takes it just before the game.
"""
from core.session import LAUNCH


def request(session, game_id, setup):
    """Write down the game just picked (a new game's setup, or None to resume its save),
    to be started after a reset; False if the storage would not keep it: then the caller
    starts it without a reset."""
    saves = session.saves
    try:
        saves.save(LAUNCH, {"game": game_id, "setup": setup})
    except Exception as e:  # OSError (storage full, read-only) or SaveError
        print("pocket-party: starting %s without a reset (%s)" % (game_id, e))
        try:
            saves.delete(LAUNCH)  # a copy half put in place must not start it at the next power-on
        except OSError:
            pass
        return False
    session.ui.notice("Please wait", "Starting the game")
    # B held at the reset would mean safe mode instead of the game: wait until every
    # button is up (held for two seconds more, safe mode is what the player wants)
    hal = session.hal
    for _ in range(200):
        hal.buttons.update()
        if not hal.buttons.held():
            break
        hal.clock.sleep_ms(10)
    return True


def take(session):
    """(game_id, setup, saved) that request() wrote before the reset, or None. Used once:
    it is deleted before the game starts, so a game that fails at once cannot trap the
    console in a loop of resets."""
    saves = session.saves
    if not saves.exists(LAUNCH):
        return None
    data, problems = saves.load(LAUNCH)
    try:
        saves.delete(LAUNCH)
    except OSError as e:  # kept, it would start the game at every boot: start the launcher
        print("pocket-party: launch request not removed (%s)" % e)
        return None
    from games.catalogue import entry
    if not (isinstance(data, dict) and entry(data.get("game")) is not None):
        print("pocket-party: launch request ignored", problems or data)
        return None
    game_id, setup = data["game"], data.get("setup")
    if setup is not None:
        return (game_id, setup, None)
    saved, _problems = saves.load(game_id)  # the menu reported any problem before the reset
    return None if saved is None else (game_id, None, saved)
