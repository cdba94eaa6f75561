"""Reading rule files: text -> strict YAML -> overlays -> schema -> semantic checks -> model.

``yamlsafe`` parses YAML 1.2 with positions; ``overlay`` applies ``extends``, house rules and
overrides; ``validation`` checks each file against the schema and ``semantics`` the merged
rules; ``loader`` ties them together and finds bundled files; ``model`` is the frozen rules
model every later layer reads (its option enums are in ``options``);
``schemagen`` and ``formatdoc`` generate the JSON Schema and the format reference from it.

May import: ``cardrules.errors`` and ``cardrules.cards``. Nothing here imports the engine.
"""
