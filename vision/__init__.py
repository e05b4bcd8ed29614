"""Recognition: photos in (BGR uint8 arrays), findings out.  No Flask here.

Each stage is one pure function: array in, new array or findings out, input
untouched; tuning values are keyword-only with defaults (``../shared/STYLE.md``).
"""
