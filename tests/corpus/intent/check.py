#!/usr/bin/env python3
"""Checks a writer's file: every line JSON with text/context/label/writer, known labels and contexts.
Usage: python3 check.py writer-XX.jsonl   (prints counts per label and per context)"""
import json, sys, collections
LABELS = """finance.expense finance.income finance.query finance.budget finance.debt finance.balance
finance.simulate finance.correct finance.delete topups credit remittances billpay stats
cobros.cobrar cobros.contacto cobros.contactos cobros.lista cobros.estado cobros.cancelar
cobros.pagado cobros.recordatorio dialogue.answer dialogue.yes dialogue.no dialogue.correct
dialogue.leave dialogue.help small_talk.greeting small_talk.thanks small_talk.bye small_talk.concept
out_of_scope recurring.crear recurring.lista recurring.cancelar recurring.cambiar
reminders.ver reminders.cambiar account.borrar account.privacidad account.descargar""".split()
CONTEXTS = """none after_answer ask_amount ask_date ask_category ask_person ask_concept ask_due_date
ask_choice ask_reference ask_phone ask_period confirm""".split()
path = sys.argv[1]
labels, contexts, errors, seen = collections.Counter(), collections.Counter(), [], set()
for n, line in enumerate(open(path, encoding="utf-8"), 1):
    if not line.strip():
        continue
    try:
        row = json.loads(line)
    except Exception as e:
        errors.append(f"line {n}: not JSON ({e})"); continue
    for k in ("text", "context", "label", "writer"):
        if not isinstance(row.get(k), str) or not row[k].strip():
            errors.append(f"line {n}: missing {k}")
    if row.get("label") not in LABELS: errors.append(f"line {n}: unknown label {row.get('label')}")
    if row.get("context") not in CONTEXTS: errors.append(f"line {n}: unknown context {row.get('context')}")
    if row.get("label", "").startswith("dialogue.") and row.get("context") == "none" and row.get("label") not in ("dialogue.help", "dialogue.leave"):
        errors.append(f"line {n}: {row['label']} needs an open question (context not none)")
    key = (row.get("text", "").strip().lower(), row.get("context"))
    if key in seen: errors.append(f"line {n}: duplicate text in the same context")
    seen.add(key)
    labels[row.get("label")] += 1; contexts[row.get("context")] += 1
for e in errors[:50]: print("ERROR", e)
print(f"{sum(labels.values())} rows, {len(errors)} errors")
for l in LABELS: print(f"  {l:22} {labels[l]}")
print("contexts:", dict(contexts))
