import hydra

if __name__ == "__main__":
    hydra.main()
