# try/except/else/finally, raise, assert and with.


# cc: 1 + 2 except = 3 (try, else and finally add nothing)
# cog: except 1 + except 1 + try's else 1 = 3 (try is not a flow break, so
# its except and else clauses sit at nesting 0)
def load(path):  # want name:"load" cc:"3" cog:"3" sloc:"12" nesting:"1"
    try:
        f = open(path)
    except FileNotFoundError:
        return None
    except PermissionError:
        raise
    else:
        f.close()
    finally:
        print("done")
    return path


# cc: 1 + for + except = 3; cog: for 1 + except 2 + continue 1 = 4
def parse_all(items):  # want name:"parse_all" cc:"3" cog:"4" sloc:"8" nesting:"2"
    out = []
    for item in items:
        try:
            out.append(int(item))
        except ValueError:
            continue
    return out


# A try inside an except: cc 1 + 2 except = 3; cog: except 1 + inner except 2 = 3
def retry(f):  # want name:"retry" cc:"3" cog:"3" sloc:"8" nesting:"2"
    try:
        return f()
    except Exception:
        try:
            return f()
        except Exception:
            return None


# except* is an except_clause too: cc 2, cog 1
def grouped(f):  # want name:"grouped" cc:"2" cog:"1" sloc:"5" nesting:"1"
    try:
        f()
    except* ValueError:
        pass


# assert is +1 for cc and 0 for cog
def checked(x):  # want name:"checked" cc:"3" cog:"0" sloc:"4" nesting:"0"
    assert x is not None
    assert x > 0, "positive"
    return x


# with adds nothing, and adds no nesting.
def read(path):  # want name:"read" cc:"1" cog:"0" sloc:"3" nesting:"0"
    with open(path) as f:
        return f.read()


# cc: 1 + if = 2; cog: if 1 (the with around it is no nesting)
async def read_if(path, flag):  # want name:"read_if" cc:"2" cog:"1" sloc:"5" nesting:"1"
    async with open(path) as f:
        if flag:
            return await f.read()
    return ""


# raise and return add nothing.
def fail(msg):  # want name:"fail" cc:"1" cog:"0" sloc:"2" nesting:"0"
    raise ValueError(msg) from None
