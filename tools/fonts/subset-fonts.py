#!/usr/bin/env python3
"""Subsets the portal's two variable web fonts (Inter, Manrope; @fontsource-variable) to the letters
kk, ru and en texts use, and writes them to apps/web/src/styles/fonts/ (committed; fonts.css names them).

Fontsource ships each font split by script; the browser fetches a split when the page has a letter in
its unicode-range. Here each split keeps only what the portal writes: Latin keeps ASCII, Latin-1
punctuation and signs, typographic punctuation, the tenge sign (from Latin-extended); Cyrillic keeps
the Russian alphabet with Ё and І and the numero sign; the Cyrillic-extended split keeps only the Kazakh letters.
The weight axis is cut to the weights the styles use (WEIGHTS; the browser clamps any other to it), and
fontTools' default OpenType features stay, with tabular figures and without the fraction ones (frac, numr,
dnom: the portal writes no fractions, and they bring some twenty glyphs per split).

    apt-get install -y python3-fonttools python3-brotli
    /usr/bin/python3 tools/fonts/subset-fonts.py
"""
from pathlib import Path
from fontTools import subset
from fontTools.varLib import instancer

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / 'apps/web/src/styles/fonts'

# (split, unicode ranges kept) — the same ranges go into fonts.css as unicode-range.
SPLITS = {
    'latin': 'U+0020-007E,U+00A0-00FF,U+2010-2027,U+2030,U+2039-203A,U+2122,U+2212',
    'cyrillic': 'U+0401,U+0406,U+0410-044F,U+0451,U+0456,U+2116',
    'kazakh': 'U+0492-0493,U+049A-049B,U+04A2-04A3,U+04AE-04B1,U+04BA-04BB,U+04D8-04D9,U+04E8-04E9',
    # The tenge sign lives in Latin-extended (85 KB of Inter fetched for one sign before); Manrope has none.
    'tenge': 'U+20B8',
}
# The weight axis kept: fonts.css declares the same range, and fonts.test.ts holds every font-weight of the styles in it.
WEIGHTS = (400, 800)
# Fraction features: no text of the portal uses them.
DROPPED_FEATURES = {'frac', 'numr', 'dnom'}
SOURCE = {'latin': 'latin', 'cyrillic': 'cyrillic', 'kazakh': 'cyrillic-ext', 'tenge': 'latin-ext'}


def codepoints(ranges):
    out = []
    for part in ranges.split(','):
        part = part.strip()[2:]
        lo, _, hi = part.partition('-')
        out.extend(range(int(lo, 16), int(hi or lo, 16) + 1))
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for family in ('inter', 'manrope'):
        for split, ranges in SPLITS.items():
            source = ROOT / f'node_modules/@fontsource-variable/{family}/files/{family}-{SOURCE[split]}-wght-normal.woff2'
            options = subset.Options()
            options.flavor = 'woff2'
            options.layout_features = [f for f in subset.Options().layout_features if f not in DROPPED_FEATURES] + ['tnum']
            options.name_IDs = [1, 2]
            options.notdef_outline = True
            font = subset.load_font(str(source), options)
            if not set(codepoints(ranges)) & set(font.getBestCmap()):
                continue
            subsetter = subset.Subsetter(options)
            subsetter.populate(unicodes=codepoints(ranges))
            subsetter.subset(font)
            font = instancer.instantiateVariableFont(font, {'wght': WEIGHTS})
            font.flavor = 'woff2'
            target = OUT / f'{family}-{split}.woff2'
            subset.save_font(font, str(target), options)
            print(f'{target.relative_to(ROOT)}: {source.stat().st_size} -> {target.stat().st_size} bytes')


if __name__ == '__main__':
    main()
