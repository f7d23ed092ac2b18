from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

from snapshots import around_pass

print(around_pass("algsimp")[0])  # the module before the algsimp pass changed it
