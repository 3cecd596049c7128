"""A course helper written for the tests: its own rules turn (session, kind, which) into a Hub path."""
from huggingface_hub import hf_hub_download

REPO = "course/neuro"


def get_file(session, kind, which):
    filename = "%s/%s_%s.npy" % (session, kind, which)
    return hf_hub_download(repo_id=REPO, filename=filename, repo_type="dataset")


def download(name):
    return hf_hub_download(repo_id=REPO, filename="extra/" + name, repo_type="dataset")
