"""Session Threads: a coordinator's delegation to child Threads and the Threads' lifecycle.

``delegation`` (the primary Thread, ``delegate`` / ``send_to_agent`` plans, child reports and
status announcements), ``routing`` (which Thread admits each client event) and ``resources``
(the Thread use cases behind the HTTP API: list, get, archive, a Thread's ledger).
"""
