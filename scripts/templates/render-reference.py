#!/usr/bin/env python3
"""
Renders the chat-template conformance cases with the reference implementation: Jinja2, set up as
Hugging Face transformers sets it up for apply_chat_template (transformers/utils/chat_template_utils.py:
an ImmutableSandboxedEnvironment with trim_blocks and lstrip_blocks and the loopcontrols extension,
a tojson filter that is json.dumps with ensure_ascii=False, raise_exception and strftime_now), and
the template variables apply_chat_template passes (messages, tools or None, add_generation_prompt,
the tokenizer's special tokens, the caller's kwargs). strftime_now answers with the cases' pinned
date, so the expected strings do not change from day to day.

Usage: python3 scripts/templates/render-reference.py   (needs jinja2 >= 3.1; writes
src/core/templates/conformance/expected/<template>.<case>.txt, or .error for a raised exception)
"""
import json
import pathlib
from datetime import datetime

import jinja2
from jinja2.ext import loopcontrols
from jinja2.sandbox import ImmutableSandboxedEnvironment

root = pathlib.Path(__file__).resolve().parents[2]
here = root / "src/core/templates"
cases = json.loads((here / "conformance/cases.json").read_text(encoding="utf-8"))
templates = json.loads((here / "chat-templates.json").read_text(encoding="utf-8"))
day = datetime.strptime(cases["date"], "%Y-%m-%d")


def raise_exception(message):
    raise jinja2.exceptions.TemplateError(message)


def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


def strftime_now(fmt):
    return day.strftime(fmt)


env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[loopcontrols])
env.filters["tojson"] = tojson
env.globals["raise_exception"] = raise_exception
env.globals["strftime_now"] = strftime_now

out = here / "conformance/expected"
out.mkdir(exist_ok=True)
for template_id, tokens in cases["templates"].items():
    template = env.from_string(templates[template_id])
    for case in cases["cases"]:
        messages = json.loads(json.dumps(case["messages"]))
        for m in messages:
            for call in m.get("tool_calls", []):
                if tokens.get("arguments_as_string"):
                    call["function"]["arguments"] = json.dumps(call["function"]["arguments"], ensure_ascii=False, separators=(",", ":"))
            if tokens.get("tool_call_content_none") and m.get("tool_calls") and m.get("content") == "":
                m["content"] = None
        special = {k: v for k, v in tokens.items() if k.endswith("_token") and v is not None}
        variables = dict(messages=messages, tools=case.get("tools"), add_generation_prompt=case["add_generation_prompt"], **special, **case.get("kwargs", {}))
        name = f"{template_id}.{case['name']}"
        try:
            text = template.render(**variables)
            (out / f"{name}.txt").write_text(text, encoding="utf-8")
            (out / f"{name}.error").unlink(missing_ok=True)
        except jinja2.exceptions.TemplateError as error:
            (out / f"{name}.error").write_text(str(error), encoding="utf-8")
            (out / f"{name}.txt").unlink(missing_ok=True)
        print(name, "ok" if (out / f"{name}.txt").exists() else "raised")
