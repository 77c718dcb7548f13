from model import Transformer

if __name__ == "__main__":
    Transformer()
