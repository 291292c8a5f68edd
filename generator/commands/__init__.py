"""The command line's commands, one module each (check, build, serve, regenerate, i18n).

Each is a thin layer over the library: it takes the parsed arguments, calls the library, prints
what happened and returns the exit code. No library module imports one.
"""
