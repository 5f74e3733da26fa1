"""The documentation's references resolve, checked on the source (no TensorFlow):

- every `docs/<name>.md`, with or without a `#<anchor>` or a quoted section title (and
  every README anchor) cited in the code, the build files and the docs names a file
  that exists and a section that is a heading in it;
- nothing cites what does not resolve: no numbered issues, work periods or soundness
  rounds anywhere, and no bare DESIGN.md in the code (there is only docs/DESIGN.md,
  which the docs beside it link as DESIGN.md);
- README.md stays an entry point: at most README_MAX_LINES lines, with `make run` and
  `make test` on its first screen;
- every relative link in README.md and docs/*.md points to an existing file (and its
  #section, if it has one, to a heading there).
"""

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
README = REPO / "README.md"
README_MAX_LINES = 260
FIRST_SCREEN = 40

# Where citations of the docs may live.
CODE_DIRS = ("runtime", "janus_ext", "tests", "bench", "tools", "deploy", ".ci")
CODE_FILES = ("Makefile", "Dockerfile")
SKIP_PARTS = {"__pycache__", ".pytest_cache"}
TEXT_SUFFIXES = {"", ".py", ".pyx", ".pxd", ".pxi", ".cc", ".h", ".c", ".sh", ".md", ".txt",
                 ".yaml", ".yml", ".json", ".toml", ".cfg", ".ini", ".log", ".patch"}

DOC_CITATION = re.compile(r"(?<![\w./-])docs/([\w.-]+?)\.md(?:#([\w-]+))?")
# The other form a citation may take: `docs/<name>.md, "<section title>"`.
TITLE_CITATION = re.compile(r"(?<![\w./-])docs/([\w.-]+?)\.md,\s+\"([^\"]+)\"")
README_CITATION = re.compile(r"(?<![\w./-])README\.md#([\w-]+)")
# Citations that resolve nowhere in the repository.  Written so that this file's own
# text does not match them.
BARE_DESIGN = "a DESIGN.md other than docs/DESIGN.md"
UNRESOLVED = {
    BARE_DESIGN: re.compile(r"(?<!docs/)\bDESIGN\.md"),
    "an issue number": re.compile(r"\bissues?\s+#?\d+", re.IGNORECASE),
    "a work session": re.compile(r"\bsessions?[\s-]+\d+", re.IGNORECASE),
    "a soundness round": re.compile(r"\bSoundness\s+I+\b"),
}
MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def text_of(path):
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None


def code_files():
    """Every text file of the code, the build files and the documentation."""
    paths = [REPO / name for name in CODE_FILES]
    for directory in CODE_DIRS:
        root = REPO / directory
        if root.is_file():
            paths.append(root)
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and not SKIP_PARTS & set(path.parts) \
                    and path.suffix in TEXT_SUFFIXES:
                paths.append(path)
    return [p for p in paths + markdown_files() if p.exists()]


def markdown_files():
    return [README] + sorted(DOCS.glob("*.md"))


def outside_fences(text):
    """The lines of a markdown text outside fenced code blocks, with their numbers."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def slug(title):
    """GitHub's anchor for a heading: markup and punctuation dropped, lower case, spaces
    to hyphens."""
    title = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", title)   # a link: its text
    title = title.lower().strip()
    title = re.sub(r"[^\w\- ]", "", title)
    return title.replace(" ", "-")


def anchors_of(path):
    seen, anchors = {}, set()
    for _, line in outside_fences(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            anchors.add(base if count == 0 else f"{base}-{count}")
    return anchors


def relative(path):
    try:
        return path.resolve().relative_to(REPO).as_posix()
    except ValueError:
        return str(path)


def citations():
    """(citing file, line, cited file, section or None) of every docs citation."""
    found = []
    for path in code_files():
        text = text_of(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for match in DOC_CITATION.finditer(line):
                found.append((relative(path), number, DOCS / f"{match.group(1)}.md",
                              match.group(2)))
            for match in TITLE_CITATION.finditer(line):
                found.append((relative(path), number, DOCS / f"{match.group(1)}.md",
                              slug(match.group(2))))
            for match in README_CITATION.finditer(line):
                found.append((relative(path), number, README, match.group(1)))
    return found


def links():
    """(markdown file, line, target path, section or None) of every relative link."""
    found = []
    for path in markdown_files():
        for number, line in outside_fences(path.read_text(encoding="utf-8")):
            line = re.sub(r"`[^`]*`", "", line)          # inline code is not a link
            for match in MARKDOWN_LINK.finditer(line):
                target = match.group(1)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):      # http:, mailto:, ...
                    continue
                where, _, section = target.partition("#")
                resolved = path if not where else (path.parent / where).resolve()
                found.append((relative(path), number, resolved, section or None))
    return found


def problems_with(references):
    problems = []
    for source, number, target, section in references:
        if not target.exists():
            problems.append(f"{source}:{number}: {target} does not exist")
        elif section is not None and target.suffix == ".md" \
                and section not in anchors_of(target):
            problems.append(f"{source}:{number}: no section #{section} in {relative(target)}")
    return problems


def test_docs_citations_resolve():
    found = citations()
    assert len(found) >= 20, "the citation scan found almost nothing: is the pattern broken?"
    assert problems_with(found) == []


def test_the_code_cites_nothing_unresolvable():
    me = Path(__file__).resolve()
    problems = []
    for path in code_files():
        text = text_of(path)
        if text is None or path.resolve() == me:
            continue
        beside_design = path.parent == DOCS    # a relative link to DESIGN.md resolves
        for number, line in enumerate(text.splitlines(), 1):
            for what, pattern in UNRESOLVED.items():
                if beside_design and pattern is UNRESOLVED[BARE_DESIGN]:
                    continue
                if pattern.search(line):
                    problems.append(f"{relative(path)}:{number}: cites {what}: {line.strip()}")
    assert problems == []


def test_the_readme_is_an_entry_point():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines"
    first_screen = "\n".join(lines[:FIRST_SCREEN])
    assert "make run" in first_screen
    assert "make test" in first_screen


def test_relative_links_resolve():
    found = links()
    assert len(found) >= 20, "the link scan found almost nothing: is the pattern broken?"
    assert problems_with(found) == []


# -- the checks can fail --------------------------------------------------------------

def test_slugs_follow_github():
    assert slug("Traces and `janus explain`") == "traces-and-janus-explain"
    assert slug("Draws from Python's and numpy's generators") == \
        "draws-from-pythons-and-numpys-generators"
    assert slug("In-graph allreduce: the options") == "in-graph-allreduce-the-options"
    assert slug("Hot code without a tape: cost and A3C") == "hot-code-without-a-tape-cost-and-a3c"


def test_a_missing_file_or_section_is_reported(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n## A section\n\n```sh\n# not a heading\n```\n")
    assert anchors_of(page) == {"title", "a-section"}
    assert problems_with([("x", 1, page, "a-section"), ("x", 2, page, None)]) == []
    assert len(problems_with([("x", 1, page, "not-a-heading")])) == 1
    assert len(problems_with([("x", 1, tmp_path / "gone.md", None)])) == 1


@pytest.mark.parametrize("line, bad", [
    ("see DESIGN.md, the recipe", True),
    ("see docs/DESIGN.md#recursive-graph-functions", False),
    ("(issue " "21, item 4)", True),
    ("the issue that owns the mechanism", False),
    ("in session" " 8's fuzz run", True),
    ("the session-" "6 run", True),
    ("(Soundness" " I, class 5)", True),
    ("(Soundness" " II)", True),
    ("docs/soundness.md#the-contract", False),
])
def test_unresolvable_citations_are_recognised(line, bad):
    assert any(p.search(line) for p in UNRESOLVED.values()) == bad


def test_citation_patterns_see_citations():
    line = "(docs/DESIGN.md#all-or-nothing-updates: check shapes) and README.md#switches"
    assert [m.groups() for m in DOC_CITATION.finditer(line)] == \
        [("DESIGN", "all-or-nothing-updates")]
    assert [m.group(1) for m in README_CITATION.finditer(line)] == ["switches"]
    assert not DOC_CITATION.search("deploy/image/extra-ca/README.md")
    titled = 'the contract alone (docs/soundness.md, "The contract") by authors'
    assert [(m.group(1), slug(m.group(2))) for m in TITLE_CITATION.finditer(titled)] == \
        [("soundness", "the-contract")]
