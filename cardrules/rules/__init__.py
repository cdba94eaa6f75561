"""Reading rule files: text -> strict YAML -> overlays -> schema -> semantic checks -> model.

``yamlsafe`` parses YAML 1.2 with positions; ``overlay`` applies ``extends``, house rules and
overrides, with ``merging`` for the plain data; ``validation`` checks each file against the
schema (``checked`` lists the bundled files known to pass it) and ``semantics`` the merged
rules, with ``contradictions`` the options that cannot hold together; ``loader`` ties them
together and finds bundled files (``bundled`` says where the shipped data lives); ``model``
is the frozen rules model every later layer reads: its option enums are in ``options``, its
field makers in ``fields``, and some sections in their own modules (``sizes``, ``contracts``,
``wagering``, ``vocabulary``); ``bounds`` bounds its integers, ``capacity`` says how many
players a pack holds and ``seating`` who takes part in a deal; ``applies`` says when each
option applies under a set of rules (the one statement of each rule's reach, which the
engine, the checks and the rulebook ask); ``citations`` gives each
rule's sources, and ``passages`` the passages of the documents of rules they name;
``schemagen`` and ``formatdoc`` generate the JSON Schema and the format
reference from the model, and ``dataschemas`` the schemas of records and rulings files.

May import: ``cardrules.errors`` and ``cardrules.cards``. Nothing here imports the engine.
"""
