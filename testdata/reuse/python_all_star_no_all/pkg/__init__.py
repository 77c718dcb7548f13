from .ops import attention, rmsnorm

__all__ = ["attention", "rmsnorm"]
