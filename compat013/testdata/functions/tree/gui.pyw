# want read013:"no" read020:"yes" functions020:"1"
# 0.1.3 reads only files ending in ".py" (0.1.3 §1).
def show():
    return "window"
