# match/case: no cc and no cog for match or case; a case guard is an
# if_clause, so it adds 1 to cc (spec 7) and nothing to cog.


# cc 1, cog 0
def describe(value):  # want name:"describe" cc:"1" cog:"0" sloc:"8" nesting:"0"
    match value:
        case 0:
            return "zero"
        case [x, y]:
            return "pair"
        case _:
            return "other"


# cc: 1 + 2 guards = 3; cog 0
def sign(value):  # want name:"sign" cc:"3" cog:"0" sloc:"8" nesting:"0"
    match value:
        case int(n) if n > 0:
            return 1
        case int(n) if n < 0:
            return -1
        case _:
            return 0


# A boolean operator in a guard: cc 1 + guard + and = 3; cog: and 1
def both_set(pair):  # want name:"both_set" cc:"3" cog:"1" sloc:"5" nesting:"0"
    match pair:
        case (a, b) if a and b:
            return True
    return False


# match adds no nesting: the if in a case body scores 1.
def check(cmd, ok):  # want name:"check" cc:"2" cog:"1" sloc:"6" nesting:"1"
    match cmd:
        case "go":
            if ok:
                return True
    return False
