"""Crokinole game core: board geometry, game state and rules, pymunk physics, computer player.

No OpenCV and no Flask here: every other package builds on this one.
"""
