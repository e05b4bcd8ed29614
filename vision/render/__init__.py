"""Renderers of synthetic photos, with their exact answers, for benchmarks and tests.

Nothing here reads real photos: every image is drawn from scratch (paper, ink,
light, camera), so it may be committed and shared freely.
"""
