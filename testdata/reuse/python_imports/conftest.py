from tools.runner import go

STATE = go()
