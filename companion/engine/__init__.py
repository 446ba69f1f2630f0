"""Rules engine"""
