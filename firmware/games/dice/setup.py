"""What the launcher asks before a game: nothing, the roller starts at once."""
SETUP = ()
