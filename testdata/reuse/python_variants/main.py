from pipeline import make_pipeline

if __name__ == "__main__":
    make_pipeline()
