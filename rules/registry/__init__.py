"""The action vocabulary as data: one registry per game system (``mtg/registry.py``,
``riftbound/registry.py``), built from the types of ``registry/vocabulary.py``.

Each entry says what an action takes (its parameters: type, range, default, what they refer to),
who acts (for permissions), the rule it carries out, how people see it (label, help line, the
group of controls it sits in) and which objects it applies to. The kernel dispatches through it;
the API serializers and schema, the HTML forms and buttons, the acting-seat check and the
catalogue embedding are generated from it (docs/internals.md 6). Adding an action is one handler
and one entry.

The parts (import each from its own module; this package re-exports nothing):

- ``vocabulary``: the types an entry is written in (parameters and their kinds, who acts, which
  objects it applies to, groups and roles, ``ActionSpec``);
- ``shared``: the parameters and actions both games share (``choose``, ``set_mode``);
- ``footprints``: what an action refers to, so the table can apply it over commits that
  touched none of it;
- ``game``: ``Registry``, one game system's actions, with the acting-seat check.
"""
