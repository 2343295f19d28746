"""The simulator window (pygame-ce): the OLED scaled up, keyboard for the buttons.

Keys: arrows = directions, Z / Enter = A, X / Backspace = B, M = A+B (menu),
P = screenshot PNG, G = start/stop a GIF recording, Esc = quit.
"""
import os
import time

KEYMAP_HELP = "Arrows move  Z/Enter=A  X/Bksp=B  M=menu  P=shot  G=gif  Esc=quit"


class Window:
    def __init__(self, console, scale=5, outdir=None):
        import pygame
        self.pg = pygame
        self.console = console
        self.scale = scale
        # screenshots and recordings go beside the saves, never into the working tree
        self.outdir = outdir or os.path.join(os.path.expanduser("~"), ".pocket-party", "shots")
        self.gif = None
        pygame.init()
        self.margin = 16
        w = 128 * scale + 2 * self.margin
        h = 64 * scale + 2 * self.margin + 24
        self.screen = pygame.display.set_mode((w, h))
        pygame.display.set_caption("pocket-party simulator (%s)" % console.board.NAME)
        self.font = pygame.font.Font(None, 18)
        k = pygame
        self.keys = {
            k.K_UP: ("UP",), k.K_DOWN: ("DOWN",), k.K_LEFT: ("LEFT",), k.K_RIGHT: ("RIGHT",),
            k.K_z: ("A",), k.K_RETURN: ("A",), k.K_x: ("B",), k.K_BACKSPACE: ("B",),
            k.K_m: ("A", "B"),
        }
        self._last_panel = None
        console.clock.pump = self.pump
        console.pump = self.pump

    def pump(self, ms):
        import machine
        pg = self.pg
        for ev in pg.event.get():
            if ev.type == pg.QUIT:
                raise SystemExit(0)
            if ev.type in (pg.KEYDOWN, pg.KEYUP):
                if ev.type == pg.KEYDOWN and ev.key == pg.K_ESCAPE:
                    raise SystemExit(0)
                if ev.type == pg.KEYDOWN and ev.key == pg.K_p:
                    self.screenshot()
                if ev.type == pg.KEYDOWN and ev.key == pg.K_g:
                    self.toggle_gif()
                for name in self.keys.get(ev.key, ()):
                    machine.set_level(self.console.gpio_of(name), 0 if ev.type == pg.KEYDOWN else 1)
        self.draw()
        time.sleep(ms / 1000)

    def draw(self):
        pg = self.pg
        panel = bytes(self.console.model.panel())
        if panel == self._last_panel:
            return
        self._last_panel = panel
        img = self.console.model.to_image(scale=self.scale)
        surf = pg.image.frombytes(img.tobytes(), img.size, img.mode)
        self.screen.fill((24, 24, 28))
        self.screen.blit(surf, (self.margin, self.margin))
        label = self.font.render(KEYMAP_HELP + ("   [REC]" if self.gif else ""), True, (180, 180, 190))
        self.screen.blit(label, (self.margin, 64 * self.scale + self.margin + 6))
        pg.display.flip()

    def screenshot(self):
        os.makedirs(self.outdir, exist_ok=True)
        path = os.path.join(self.outdir, "pocket-party-%d.png" % int(time.time()))
        self.console.image(scale=4).save(path)
        print("screenshot:", path)

    def toggle_gif(self):
        from sim.recorder import GifRecorder
        if self.gif is None:
            self.gif = GifRecorder(self.console)
            self._last_panel = None
        else:
            os.makedirs(self.outdir, exist_ok=True)
            path = os.path.join(self.outdir, "pocket-party-%d.gif" % int(time.time()))
            self.gif.stop()
            n = self.gif.save(path)
            print("recording: %s (%d frames)" % (path, n))
            self.gif = None
            self._last_panel = None
