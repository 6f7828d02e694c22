"""Diagnostic codes, E0323–E0339 and W0150–W0154: modules that extend rather than replace
(issue 11, construct 14): ``extend``, setup steps, ``after`` triggers, derived values with
parameters, ``needs``/``excludes``, conflicts between modules and ``combine``.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from this range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

_TWO_MODULES = '''module a "A" {
  replace action earn "Earn more" {
    effect {
      score 2
    }
  }
}

module b "B" {
  extend action earn {
    effect {
      gain coin 1
    }
  }
}

mode m "M" {
  use a
  use b
}
'''

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(EXTEND_UNKNOWN := "E0323", "`extend` names a rule this mode does not have",
         "`extend phase|procedure|action|step|enum NAME` adds to a rule the mode already has. "
         "This one has no such rule: fix the name (the hint suggests the closest one), `use` the "
         "module that adds the rule first, or write `add` for a new rule.",
         'mode m "M" {\n  extend phase wrok {\n    actions earn\n  }\n}\n'),
    Code(EXTEND_OFFERS_TWICE := "E0324", "the phase already offers that action",
         "An `extend phase` lists an action the phase offers already (in its own `actions` line "
         "or through another extension). Remove it from the `extend`.",
         'mode m "M" {\n  extend phase work {\n    actions earn\n  }\n}\n'),
    Code(STEP_UNKNOWN := "E0325", "unknown setup step",
         "`extend step`, `replace step`, `remove step` and the `before`/`after` of `add step` name a "
         "step of the setup, written `step NAME \"Title\" { ... }` inside `setup`. Fix the name, "
         "or name the part of the setup the module changes.",
         'mode m "M" {\n  extend step deal {\n    gain coin 1\n  }\n}\n'),
    Code(STEP_DUPLICATE := "E0326", "a setup step is named twice",
         "Every step of the setup has its own name, so modules can say which one they change. "
         "Rename one of them (or `extend`/`replace` the existing step instead of adding one).",
         'mode m "M" {\n  replace setup {\n    step deal "Deal" {\n      gain coin 1\n    }\n'
         '    step deal "Deal again" {\n      gain coin 1\n    }\n  }\n}\n'),
    Code(AFTER_DECISION := "E0327", "an `after` trigger follows an action that asks a question",
         "Retired: a trigger `after` an action now runs once the action's effect is over, "
         "questions answered included (an `act` step of the decision agenda, issue 11 design "
         "1.1.3), and may ask questions itself. Until then such a trigger was refused. The code "
         "stays registered and is never reused.",
         "`after pick` where `pick` asks `ask me { ... }`, before the agenda ran `after` triggers",
         runnable=False, retired=True),
    Code(MODULE_CONFLICT := "E0328", "two modules change one rule in ways that conflict",
         "Two modules a mode applies both `replace` or `remove` one rule, `set` one param to "
         "different values, or one replaces or removes a rule the other extends: what the rule "
         "is then depends on the order they are applied in. Write `combine a, b { ... }` to say "
         "what happens when both are played (that also states the conflict is intended), or "
         "change one module so it extends the rule.",
         _TWO_MODULES),
    Code(MODULE_NEEDS := "E0329", "a module is applied without a module it needs",
         "A module says `needs other`: every mode that applies it must apply `other` too. "
         "`use` the needed module in the mode (or in the module, which then brings it).",
         'module a "A" {\n  needs b\n  set goal = 3\n}\n\nmodule b "B" {\n}\n\n'
         'mode m "M" {\n  use a\n}\n\nparam goal "Goal" = 5 {\n  source "Rules"\n}\n'),
    Code(MODULE_EXCLUDES := "E0330", "a mode applies two modules that exclude each other",
         "A module says `excludes other`: no mode may apply both. Drop one of the `use` lines, "
         "or remove the `excludes` if they can be played together.",
         'module a "A" {\n  excludes b\n}\n\nmodule b "B" {\n}\n\nmode m "M" {\n  use a\n  use b\n}\n'),
    Code(UNKNOWN_MODULE_NAMED := "E0331", "`needs`, `excludes` or `combine` names no module",
         "`needs`, `excludes` and `combine` name modules declared with `module`. Fix the name "
         "(the hint suggests the closest one) or declare the module.",
         'module a "A" {\n  needs nope\n}\n'),
    Code(DERIVED_ARGUMENTS := "E0332", "a derived value is read with the wrong values",
         "A derived value declared with parameters, `derived d \"T\" (x: T) = ...`, is read as "
         "`d(value)`, one value of the parameter's type for each parameter; one without "
         "parameters is read by its name alone.",
         'derived twice "Twice" (n: int) = n * 2 {\n  source "Scoring"\n}\n\n'
         'action double "Double" {\n  require twice(1, 2) >= 2\n  effect {\n    score 1\n  }\n'
         '  source "Turn"\n}\n'),
    Code(COMBINE_NEVER_APPLIED := "W0150", "no mode applies every module of a `combine` block",
         "A `combine a, b { ... }` block applies to the modes that apply all its modules; no mode "
         "does, so its changes are never played. `use` the modules together in a mode, or remove "
         "the block.",
         'module a "A" {\n}\n\nmodule b "B" {\n}\n\ncombine a, b {\n  set goal = 3\n}\n\n'
         'mode m "M" {\n  use a\n}\n\nparam goal "Goal" = 5 {\n  source "Rules"\n}\n'),
    Code(NEEDS_OUTSIDE_MODULE := "E0333", "`needs` or `excludes` written outside a module",
         "`needs` and `excludes` say which modules a module must or must not be played with; "
         "they belong in a `module` block. A mode says what it plays with `use`: write "
         "`use other` in the mode, or move the line into the module that needs it.",
         'module b "B" {\n}\n\nmode m "M" {\n  needs b\n}\n'),
    Code(EXTEND_ENUM := "E0334", "`extend enum` of an enum a resource family is kept per",
         "An `extend enum` adds members to an enum in the compositions that apply it: choices, "
         "loops, options and pieces `of each` it see them there. A resource family kept `per` "
         "the enum, though, gives every bag of the game one slot per member, laid out once for "
         "the whole game, so its enum cannot grow in a module. Declare every member in the "
         "`enum` itself, or `add` a separate enum (and family) in the module.",
         'enum colour "Colour" {\n  red "Red"\n}\n\nresource paint "Paint" {\n  per colour\n}\n\n'
         'mode m "M" {\n  extend enum colour {\n    blue "Blue"\n  }\n}\n'),
    Code(USED_TWICE := "W0151", "a module is `use`d twice in one block",
         "A mode or module applies each module once, so a second `use` of the same module in "
         "one block does nothing. Remove the repeated line.",
         'module a "A" {\n}\n\nmode m "M" {\n  use a\n  use a\n}\n'),
)
