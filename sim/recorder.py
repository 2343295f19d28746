"""Screenshots (PNG) and recordings (animated GIF) of the simulated panel."""


class GifRecorder:
    """Keeps every distinct panel frame with the time it appeared."""

    def __init__(self, console, scale=3):
        self.console = console
        self.scale = scale
        self.frames = []   # (ms, panel bytes)
        console.frames.append(self._on_frame)

    def _on_frame(self, console):
        panel = bytes(console.model.panel())
        if not self.frames or self.frames[-1][1] != panel:
            self.frames.append((console.clock.now, panel))  # not ticks_ms: it wraps

    def stop(self):
        if self._on_frame in self.console.frames:
            self.console.frames.remove(self._on_frame)

    def save(self, path, hold_last_ms=1500):
        if not self.frames:
            self._on_frame(self.console)
        images = []
        durations = []
        for i, (t, panel) in enumerate(self.frames):
            nxt = self.frames[i + 1][0] if i + 1 < len(self.frames) else t + hold_last_ms
            images.append(panel_image(panel, scale=self.scale).convert("P"))
            durations.append(max(20, nxt - t))
        images[0].save(path, save_all=True, append_images=images[1:], duration=durations, loop=0)
        return len(images)


def panel_image(panel, scale=3, width=128, height=64, on=(120, 220, 255), off=(8, 10, 16)):
    """A PIL image of panel bytes (VLSB pages), each pixel scale x scale."""
    from PIL import Image
    img = Image.new("RGB", (width, height), off)
    px = img.load()
    for page in range(height // 8):
        base = page * width
        for x in range(width):
            b = panel[base + x]
            if b:
                for bit in range(8):
                    if b & (1 << bit):
                        px[x, page * 8 + bit] = on
    return img.resize((width * scale, height * scale), Image.Resampling.NEAREST)
