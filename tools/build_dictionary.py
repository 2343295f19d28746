#!/usr/bin/env python3
"""Build the Word Cards dictionary: firmware/games/words/words.dawg (CPython only).

    python tools/build_dictionary.py            rebuild words.dawg, print the figures
    python tools/build_dictionary.py --check    rebuild in memory, exit 1 if the committed
                                                file differs (byte for byte)
    python tools/build_dictionary.py --lists DIR   also write relaxed/strict/kids .txt
    python tools/build_dictionary.py --standalone  also print what each list would
                                                take as a file of its own

Sources (Debian packages, installed by tools/install_system_deps.sh):
  scowl 2020.12.07        /usr/share/dict/scowl/{english,american,british,british_z}-words.<size>
  wordnet-base 3.0        /usr/share/wordnet/index.* and *.exc (strict list)
plus the hand-kept lists in data/dictionary/ (profanity, allow, diminutives,
kids_exclude, common). The lists:
  relaxed  SCOWL sizes <= 50 (American and British spellings), plus common.txt (common
           words of the larger sizes), ^[a-z]{3,15}$, minus profanity (except allow.txt)
  strict   relaxed minus words WordNet knows only as verbs, minus diminutives.txt
  kids     SCOWL sizes <= 20, same filter, minus all of profanity.txt and kids_exclude.txt
The output is deterministic: the same inputs give the same bytes. The file format
is described in docs/dictionary.md and read by firmware/games/words/lexicon.py.
"""
import argparse
import os
import re
import subprocess
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "firmware", "games", "words", "words.dawg")
DATA = os.path.join(ROOT, "data", "dictionary")
SCOWL_DIR = "/usr/share/dict/scowl"
WORDNET_DIR = "/usr/share/wordnet"

# English words of both spellings ("colour" and "color"): the rulebook asks for English
# words, and tools/dictionary_coverage.py found British spellings the most common words
# missing (centre, favourite, colour...). british_z: the Oxford spelling (-ize, -our).
SCOWL_CATEGORIES = ("english-words", "american-words", "british-words", "british_z-words")
SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
RELAXED_SIZE = 50
COMMON_SIZE = 80        # common.txt: common words of SCOWL's sizes 55..80
KIDS_SIZE = 20
MIN_LEN = 3
MAX_LEN = 15
WORD_RE = re.compile(r"[a-z]{%d,%d}\Z" % (MIN_LEN, MAX_LEN))

LISTS = ("relaxed", "strict", "kids")      # mask bits 1, 2, 4 (lexicon.LISTS)
MAGIC = b"PPDW"
VERSION = 2
HEADER_SIZE = 44
K_LEAF, K_NEXT, K_HOT, K_FAR = 0, 1, 2, 3
# The reader keeps the file's first PINNED_BYTES in RAM (dawg.PINNED_PAGES pages of 512
# bytes, in place of the hot table it kept before): the header, the hot table and the
# nodes pin_prefix puts there. A hot table of 2**HOT_BITS entries: 7 bits leaves 1,108
# bytes of the prefix to nodes. Page reads of an 8 tiles + 1 joker search through the
# 4-slot cache, median/max of the 40 hands of tools/bench_dictionary.py (max of 200
# other hands), simulated from the search's page trace: the file of before 868/2342
# (2775); layout() with the 512-entry hot table and no nodes pinned 746/1721 (2025);
# with the pinned prefix, 8 bits 429/829 (1044), 7 bits 380/739 (904), 6 bits 376/727
# (867), in a file of 141, 144, 146 KB (the budget is 150 KB).
PINNED_BYTES = 1536
HOT_BITS = 7
EXPECTED_VERSIONS = {"scowl": "2020.12.07-2", "wordnet-base": "1:3.0-37"}


class SourceMissing(Exception):
    pass


# -- word lists ------------------------------------------------------------------


def read_hand_list(name):
    words = []
    with open(os.path.join(DATA, name), encoding="ascii") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                if not WORD_RE.match(line):
                    raise ValueError("%s: not a 3-15 letter a-z word: %r" % (name, line))
                words.append(line)
    return set(words)


def scowl_words(max_size, categories=SCOWL_CATEGORIES):
    if not os.path.isdir(SCOWL_DIR):
        raise SourceMissing("SCOWL word lists not found in %s: run tools/install_system_deps.sh "
                            "(apt-get install scowl)" % SCOWL_DIR)
    words = set()
    for cat in categories:
        for size in SCOWL_SIZES:
            if size > max_size:
                break
            path = os.path.join(SCOWL_DIR, "%s.%d" % (cat, size))
            with open(path, "rb") as f:
                for raw in f:
                    w = raw.strip().decode("utf-8", "replace")
                    if WORD_RE.match(w):
                        words.add(w)
    return words


class WordNet:
    """Just enough of WordNet's morphy (exception lists, then suffix rules)."""

    RULES = {
        "noun": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
                 ("shes", "sh"), ("men", "man"), ("ies", "y")),
        "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
                 ("ing", "e"), ("ing", "")),
        "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
        "adv": (),
    }

    def __init__(self, directory=WORDNET_DIR):
        if not os.path.isfile(os.path.join(directory, "index.verb")):
            raise SourceMissing("WordNet not found in %s: run tools/install_system_deps.sh "
                                "(apt-get install wordnet-base)" % directory)
        self.index = {}
        self.exc = {}
        for pos in self.RULES:
            idx = set()
            with open(os.path.join(directory, "index." + pos), encoding="latin-1") as f:
                for line in f:
                    if not line.startswith("  "):
                        idx.add(line.split(" ", 1)[0])
            self.index[pos] = idx
            exc = {}
            with open(os.path.join(directory, pos + ".exc"), encoding="latin-1") as f:
                for line in f:
                    parts = line.split()
                    if parts:
                        exc.setdefault(parts[0], []).extend(parts[1:])
            self.exc[pos] = exc

    def has(self, word, pos):
        idx = self.index[pos]
        if word in idx:
            return True
        for base in self.exc[pos].get(word, ()):
            if base in idx:
                return True
        for suffix, repl in self.RULES[pos]:
            if word.endswith(suffix) and word[:len(word) - len(suffix)] + repl in idx:
                return True
        return False

    def verb_only(self, word):
        return self.has(word, "verb") and not (
            self.has(word, "noun") or self.has(word, "adj") or self.has(word, "adv"))


def make_lists():
    """dict name -> sorted list of words, and a dict of figures for the report."""
    profanity = read_hand_list("profanity.txt")
    allow = read_hand_list("allow.txt")
    diminutives = read_hand_list("diminutives.txt")
    kids_exclude = read_hand_list("kids_exclude.txt")
    common = read_hand_list("common.txt")
    if not allow <= profanity:
        raise ValueError("allow.txt words not in profanity.txt: %s" % sorted(allow - profanity))
    scowl_relaxed = scowl_words(RELAXED_SIZE)
    larger = scowl_words(COMMON_SIZE) - scowl_relaxed
    if not common <= larger:
        raise ValueError("common.txt words not in SCOWL sizes %d-%d (lower case): %s"
                         % (RELAXED_SIZE + 5, COMMON_SIZE, sorted(common - larger)))
    scowl_relaxed |= common
    scowl_kids = scowl_words(KIDS_SIZE)
    relaxed = scowl_relaxed - (profanity - allow)
    wn = WordNet()
    verb_only = set(w for w in relaxed if wn.verb_only(w))
    strict = relaxed - verb_only - diminutives
    kids = scowl_kids - profanity - kids_exclude
    assert kids <= relaxed and strict <= relaxed
    lists = {"relaxed": sorted(relaxed), "strict": sorted(strict), "kids": sorted(kids)}
    figures = {
        "scowl_relaxed": len(scowl_relaxed), "scowl_kids": len(scowl_kids), "common": len(common),
        "profanity_removed": len(scowl_relaxed & (profanity - allow)),
        "verb_only_removed": len(verb_only), "diminutives_removed": len(relaxed & diminutives),
    }
    return lists, figures


# -- DAWG ------------------------------------------------------------------------


def build_dawg(entries):
    """entries: sorted list of (word, term) with term != 0. Returns (nodes, root, leaf):
    nodes[i] = tuple of edges (letter 0-25, child node, term of the word ending there)."""
    trie = {}
    for word, term in entries:
        n = trie
        for c in word:
            n = n.setdefault(c, {})
        n["$"] = term
    register = {}
    nodes = []

    def minimise(n):
        edges = tuple((ord(c) - 97, minimise(n[c]), n[c].get("$", 0))
                      for c in sorted(k for k in n if k != "$"))
        i = register.get(edges)
        if i is None:
            i = register[edges] = len(nodes)
            nodes.append(edges)
        return i

    root = minimise(trie)
    leaf = register.get(())
    return nodes, root, leaf


def layout(nodes, root, leaf):
    """Order the nodes for the file in the order a search first reaches them. Returns
    (order, follow): follow[n] is the child placed right after node n (reached without
    a pointer).

    The searches (firmware/games/words/dawgwalk.py) walk depth first, a node's edges in
    letter order, and read the file through a cache of 4 pages of 512 bytes: a node
    laid out far from where the walk was re-reads a page. So the nodes are laid out
    depth first from the root, each where the walk first reaches it (its subtree right
    after it), a node's children from its last edge to its first: only the last edge's
    child may follow its node (format 2; a reader then finds that child right after
    the edge, with no scan to the node's end). 8 tiles + 1 joker, 40 hands
    (tools/bench_dictionary.py), with the pinned prefix below: median/max pages read
    380/739 this way against 388/856 in the order of before (chains of one-parent
    children first, then depth first by chain heads; max of 200 other hands 904
    against 988), for a file 2 KB larger."""
    order = []
    placed = set() if leaf is None else {leaf}
    stack = [root]
    while stack:
        n = stack.pop()
        if n in placed:
            continue
        placed.add(n)
        order.append(n)
        # popped last edge first: its subtree right after n, then the next edge's...
        stack.extend(c for _, c, _ in nodes[n] if c not in placed)
    assert len(order) == len(nodes) - (1 if leaf is not None else 0), (len(order), len(nodes))
    return order, adjacent_follow(nodes, root, leaf, order)


def adjacent_follow(nodes, root, leaf, order):
    """follow[n] = the child of n's last edge when it is placed right after n."""
    follow = {}
    for k in range(len(order) - 1):
        n = order[k]
        edges = nodes[n]
        if edges and edges[-1][1] == order[k + 1] and order[k + 1] not in (leaf, root):
            follow[n] = order[k + 1]
    return follow


def hot_nodes(nodes, leaf, order, follow, hbits):
    """The 2**hbits children most often reached by a pointer (ties: the first laid out),
    in file order: the hot table."""
    refs = {}
    for n in order:
        for i, (_, c, _) in enumerate(nodes[n]):
            if pointed(nodes, n, i, leaf, follow):
                refs[c] = refs.get(c, 0) + 1
    rank = {n: i for i, n in enumerate(order)}
    ranked = sorted(refs, key=lambda c: (-refs[c], rank[c]))
    return ranked[:(1 << hbits) if hbits else 0], refs


def node_bits(nodes, n, leaf, hot, wbits, hbits):
    """Bits of node n with a pointer on every edge that has a child (none follows)."""
    bits = 0
    for _, c, term in nodes[n]:
        bits += 11 if term else 9
        if c != leaf:
            bits += hbits if c in hot else wbits
    return bits


def pin_prefix(nodes, root, leaf, order, follow, hbits):
    """Move to the front of the body the nodes most often reached by a pointer, per bit,
    as many as fit in the file's first PINNED_BYTES: the reader keeps those bytes in RAM
    (dawg.PINNED_PAGES), so a search reaches the suffix nodes every branch shares
    ("s", "ed", "ing"...) without a page read. Returns (order, follow, the hot table's
    nodes, how many nodes are pinned: the first of order). The hot table is chosen
    before the move (the pinned sizes count on it) and kept."""
    hot_list, refs = hot_nodes(nodes, leaf, order, follow, hbits)
    hot = set(hot_list)
    total = sum(node_bits(nodes, n, leaf, hot, 24, hbits) for n in order)
    wbits = (8 * (HEADER_SIZE + 3 * len(hot_list)) + total).bit_length()   # an upper bound
    room = 8 * (PINNED_BYTES - HEADER_SIZE - 3 * len(hot_list))
    size = {n: node_bits(nodes, n, leaf, hot, wbits, hbits) for n in order}
    rank = {n: i for i, n in enumerate(order)}
    pinned = set()
    for n in sorted(order, key=lambda n: (n not in hot, -refs.get(n, 0) / size[n], rank[n])):
        if size[n] <= room:
            pinned.add(n)
            room -= size[n]
    # sizes counted with a pointer on every edge: the pinned nodes fit whatever follows
    order = [n for n in order if n in pinned] + [n for n in order if n not in pinned]
    return order, adjacent_follow(nodes, root, leaf, order), hot_list, len(pinned)


def pointed(nodes, n, i, leaf, follow):
    """Whether edge i of node n needs a pointer (hot or far) to its child: not for the
    leaf, nor for the last edge when its child follows the node (K_NEXT)."""
    c = nodes[n][i][1]
    return c != leaf and not (i == len(nodes[n]) - 1 and follow.get(n) == c)


def edge_kind(nodes, n, i, leaf, follow, hot):
    c = nodes[n][i][1]
    if c == leaf:
        return K_LEAF
    if not pointed(nodes, n, i, leaf, follow):
        return K_NEXT
    return K_HOT if c in hot else K_FAR


def encode(nodes, root, leaf, order, follow, counts, hbits, hot_list, pinned=0):
    """The file bytes: hot_list (at most 2**hbits nodes) in the hot table; the first
    pinned nodes of order must end within the first PINNED_BYTES."""
    rank = {n: i for i, n in enumerate(order)}
    hot_list = sorted(hot_list, key=lambda c: rank[c])
    hot = {c: i for i, c in enumerate(hot_list)}
    hot_off = HEADER_SIZE
    start = 8 * (hot_off + 3 * len(hot_list))
    wbits = 1
    while True:
        pos = {}
        p = start
        for n in order:
            pos[n] = p
            for i, (_, c, term) in enumerate(nodes[n]):
                k = edge_kind(nodes, n, i, leaf, follow, hot)
                p += 11 if term else 9
                p += hbits if k == K_HOT else wbits if k == K_FAR else 0
        end = p
        need = max(pos.values()).bit_length()
        if need <= wbits:
            break
        wbits = need
    if wbits > 24:
        raise ValueError("dictionary too large for 24-bit pointers")
    if pinned < len(order):
        assert pos[order[pinned]] <= 8 * PINNED_BYTES, "pinned nodes past the prefix"
    out = []
    for n in order:
        edges = nodes[n]
        for i, (letter, c, term) in enumerate(edges):
            k = edge_kind(nodes, n, i, leaf, follow, hot)
            bits = "%d%s%s" % (i == len(edges) - 1, format(letter, "05b"), format(k, "02b"))
            if term:
                bits += "1%d%d" % ((term >> 2) & 1, (term >> 1) & 1)
            else:
                bits += "0"
            if k == K_HOT:
                bits += format(hot[c], "0%db" % hbits)
            elif k == K_FAR:
                bits += format(pos[c], "0%db" % wbits)
            elif k == K_NEXT:   # the last edge: its child starts right after it
                assert i == len(edges) - 1
                assert pos[c] == pos[n] + sum(len(b) for b in out[len(out) - i:]) + len(bits)
            out.append(bits)
    bitstr = "".join(out)
    assert len(bitstr) == end - start
    bitstr += "0" * (-len(bitstr) % 8)
    body = bytearray()
    for c in hot_list:
        body += pos[c].to_bytes(3, "big")
    body += int(bitstr, 2).to_bytes(len(bitstr) // 8, "big") if bitstr else b""
    size = HEADER_SIZE + len(body)
    h = bytearray(MAGIC)
    h += bytes((VERSION, len(LISTS), MIN_LEN, MAX_LEN))
    h += size.to_bytes(4, "big")
    h += (zlib.crc32(bytes(body)) & 0xFFFFFFFF).to_bytes(4, "big")
    h += bytes((wbits, hbits))
    h += len(hot_list).to_bytes(2, "big")
    h += hot_off.to_bytes(4, "big")
    h += pos[root].to_bytes(4, "big")
    for name in LISTS:
        h += counts[name].to_bytes(4, "big")
    h += (zlib.crc32(bytes(h)) & 0xFFFFFFFF).to_bytes(4, "big")
    assert len(h) == HEADER_SIZE
    return bytes(h + body)


def build_file(lists):
    """(file bytes, figures) of the combined DAWG of all lists."""
    strict = set(lists["strict"])
    kids = set(lists["kids"])
    entries = [(w, 1 | (2 if w in strict else 0) | (4 if w in kids else 0))
               for w in lists["relaxed"]]
    return build_entries(entries, {n: len(lists[n]) for n in LISTS})


def build_entries(entries, counts):
    nodes, root, leaf = build_dawg(entries)
    order, follow = layout(nodes, root, leaf)
    order, follow, hot_list, pinned = pin_prefix(nodes, root, leaf, order, follow, HOT_BITS)
    data = encode(nodes, root, leaf, order, follow, counts, HOT_BITS, hot_list, pinned)
    figures = {"nodes": len(order), "edges": sum(len(nodes[n]) for n in order),
               "follow": len(follow), "hot_bits": HOT_BITS, "pinned": pinned, "bytes": len(data)}
    return data, figures


# -- checks and the command line -------------------------------------------------


def package_versions():
    out = {}
    for pkg in sorted(EXPECTED_VERSIONS):
        try:
            v = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", pkg],
                               capture_output=True, text=True, check=False).stdout.strip()
        except OSError:
            v = ""
        out[pkg] = v or "unknown"
    return out


def self_check(data, lists):
    """Read the built bytes back with the firmware's reader and compare every list."""
    import tempfile
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from games.words import lexicon
    fd, tmp = tempfile.mkstemp(suffix=".dawg")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        for name in LISTS:
            with lexicon.open_lexicon(name, path=tmp) as lx:
                got = lx.words_from("", lx.max_len, 1)  # every word of the list, sorted
                if got != lists[name]:
                    raise AssertionError("read-back of list %s differs" % name)
                if lx.count != len(lists[name]):
                    raise AssertionError("word count of list %s" % name)
    finally:
        os.unlink(tmp)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed file")
    ap.add_argument("--out", default=OUT, help="output file (default: %(default)s)")
    ap.add_argument("--lists", metavar="DIR", help="also write the word lists as .txt")
    ap.add_argument("--standalone", action="store_true",
                    help="also print the size each list would have on its own")
    args = ap.parse_args(argv)
    try:
        lists, figures = make_lists()
    except SourceMissing as e:
        print("build_dictionary: %s" % e, file=sys.stderr)
        return 2
    data, dfig = build_file(lists)
    self_check(data, lists)
    versions = package_versions()
    print("sources: " + ", ".join("%s %s" % kv for kv in sorted(versions.items())))
    for name in LISTS:
        print("%-8s %6d words" % (name, len(lists[name])))
    print("removed from relaxed: %(profanity_removed)d profanity; from strict: "
          "%(verb_only_removed)d verb-only, %(diminutives_removed)d diminutives" % figures)
    print("words.dawg: %(bytes)d bytes, %(nodes)d nodes, %(edges)d edges, "
          "hot-table index %(hot_bits)d bits, %(pinned)d nodes in the pinned prefix" % dfig)
    if args.standalone:
        for name in LISTS:
            d, f = build_entries([(w, 7) for w in lists[name]], {n: len(lists[name]) for n in LISTS})
            print("  %s alone would take %d bytes (%d edges)" % (name, f["bytes"], f["edges"]))
    if args.lists:
        os.makedirs(args.lists, exist_ok=True)
        for name in LISTS:
            with open(os.path.join(args.lists, name + ".txt"), "w", encoding="ascii") as f:
                f.write("\n".join(lists[name]) + "\n")
    if args.check:
        try:
            with open(args.out, "rb") as f:
                old = f.read()
        except OSError:
            old = None
        if old != data:
            print("build_dictionary: %s differs from a fresh build (sources: %s; expected %s)"
                  % (args.out, versions, EXPECTED_VERSIONS), file=sys.stderr)
            return 1
        print("%s is up to date" % os.path.relpath(args.out, ROOT))
        return 0
    with open(args.out, "wb") as f:
        f.write(data)
    print("wrote %s" % os.path.relpath(args.out, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
